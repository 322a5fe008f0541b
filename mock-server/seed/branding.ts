// Seed data for the `branding` collection: each demo hotel's guest-app branding (title,
// description, colours, home template, opening image and text, social links) with a real logo,
// favicon and app image written as uploads beside the data file. Hand-written and free of
// randomness beyond seeded painting, so the output only depends on `today` (via `iso`).
import type { SOCIAL_NETWORKS } from '../../src/resources/branding';
import type { PAGE_TEMPLATES } from '../../src/resources/pages';
import type { Upload } from '../store/types';
import { fileUrl } from '../uploads/storage';
import { appImagePng, logoPng } from './assets/logos';
import { seededFiles, seedFileName } from './pages';

type Social = Record<(typeof SOCIAL_NETWORKS)[number], string>;

interface HotelBranding {
  initials: string;
  title: string;
  description: string;
  primaryColor: string;
  secondaryColor: string;
  template: (typeof PAGE_TEMPLATES)[number];
  appText: string;
  social: Social;
}

/** Each demo hotel's branding, by its slug, in the hotel's source language. */
const BRANDING: Readonly<Record<string, HotelBranding>> = {
  'canal-house-amsterdam': {
    initials: 'CH',
    title: 'Canal House',
    description:
      'Een stil grachtenhuis uit de zeventiende eeuw met twintig kamers aan de Keizersgracht.',
    primaryColor: '#1F4E79',
    secondaryColor: '#F2A541',
    template: 'rows',
    appText: 'Welkom thuis aan de gracht. Alles voor uw verblijf vindt u hier.',
    social: {
      facebook: 'https://www.facebook.com/canalhouseamsterdam',
      instagram: 'https://www.instagram.com/canalhouseamsterdam',
      linkedin: '',
      twitter: '',
      tiktok: '',
      youtube: 'https://www.youtube.com/@canalhouseamsterdam',
    },
  },
  'spree-loft-berlin': {
    initials: 'SL',
    title: 'Spree Loft',
    description: 'Industrielle Lofts in Mitte, wenige Schritte von der Museumsinsel und der Spree.',
    primaryColor: '#2E3440',
    secondaryColor: '#D08770',
    template: 'masonry',
    appText: 'Willkommen im Loft. Hier finden Sie alles für Ihren Aufenthalt in Berlin.',
    social: {
      facebook: '',
      instagram: 'https://www.instagram.com/spreeloftberlin',
      linkedin: 'https://www.linkedin.com/company/spree-loft-berlin',
      twitter: 'https://x.com/spreeloft',
      tiktok: 'https://www.tiktok.com/@spreeloftberlin',
      youtube: '',
    },
  },
  'casa-alameda-madrid': {
    initials: 'CA',
    title: 'Casa Alameda',
    description:
      'Un hotel boutique familiar en el Barrio de las Letras, a un paseo del Museo del Prado.',
    primaryColor: '#B23A48',
    secondaryColor: '#F4D35E',
    template: 'bubbles',
    appText: 'Bienvenido a Casa Alameda. Todo lo que necesita para su estancia, aquí.',
    social: {
      facebook: 'https://www.facebook.com/casaalamedamadrid',
      instagram: 'https://www.instagram.com/casaalamedamadrid',
      linkedin: '',
      twitter: '',
      tiktok: 'https://www.tiktok.com/@casaalameda',
      youtube: '',
    },
  },
};

export interface BrandingOwner {
  id: number;
  slug: string;
  /** When the account was created, so its branding is made after it. */
  createdDaysAgo: number;
}

export type SeededBranding = Record<string, unknown> & { id: number; ownerId: number };

/**
 * One branding record per hotel and the uploads its logo, favicon and app image are (an
 * `uploads` record each, as `POST /uploads` would have made, numbered from `firstUploadId`).
 * Their bytes go with the content pages' into the uploads folder (`writeSeedUploads`).
 */
export function buildBranding(
  owners: readonly BrandingOwner[],
  iso: (daysAgo: number, hour: number) => string,
  firstUploadId: number,
): { branding: SeededBranding[]; uploads: Upload[] } {
  const uploads: Upload[] = [];
  const branding = owners.map((owner, index): SeededBranding => {
    const source = BRANDING[owner.slug];
    if (source === undefined) throw new Error(`Branding seed: no branding for ${owner.slug}`);
    const createdAt = iso(owner.createdDaysAgo - 1, 11);
    const design = {
      initials: source.initials,
      primary: source.primaryColor,
      secondary: source.secondaryColor,
    };
    const upload = (what: string, name: string, bytes: () => Buffer) => {
      const url = fileUrl(String(owner.id), seedFileName(owner.id, what, 'png'));
      let data = seededFiles.get(url);
      if (!data) seededFiles.set(url, (data = bytes()));
      uploads.push({
        id: firstUploadId + uploads.length,
        url,
        name,
        size: data.length,
        type: 'image/png',
        ownerId: owner.id,
        uploadedBy: owner.id,
        createdAt,
      });
      return url;
    };
    const { initials: _initials, ...fields } = source;
    return {
      id: index + 1,
      ownerId: owner.id,
      ...fields,
      social: { ...source.social },
      logo: upload('branding/logo', `${owner.slug}-logo.png`, () => logoPng(design, 256)),
      favicon: upload('branding/favicon', `${owner.slug}-favicon.png`, () => logoPng(design, 64)),
      appImage: upload('branding/app-image', `${owner.slug}-app.png`, () =>
        appImagePng(design, owner.id * 7919),
      ),
      createdAt,
      updatedAt: iso(Math.max(owner.createdDaysAgo - 20, 1), 15),
    };
  });
  return { branding, uploads };
}
