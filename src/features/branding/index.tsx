import { lazy } from 'react';
import { LazyPart } from '../../crud/LazyPart';
import { branding } from '../../resources/branding';
import { defineFeature } from '../types';
import { templatePictures } from '../pages/templatePictures';
import { StaffHasNoGuestApp } from './StaffHasNoGuestApp';

const CustomizationPage = lazy(() => import('./CustomizationPage'));
const BrandingTab = lazy(() => import('./BrandingTab'));
const WizardPreview = lazy(() => import('./WizardPreview'));

/** Where the Customization page lives: the branding declaration's route. */
export const CUSTOMIZATION_PATH = `/dashboard/${branding.route}`;

/**
 * A hotel's branding: the Customization page (its own, with the live guest-app preview) at the
 * declaration's route, instead of the generic list a one-record-per-hotel resource has no use
 * for; the user edit page's branding tabs import BrandingTab.
 */
export const brandingFeature = defineFeature({
  name: 'branding',
  extend: {
    branding: { indexElement: <CustomizationPage /> },
    // A hotel's edit page: its social links and its guest app's metadata are its branding.
    users: {
      // The creation wizard: its guest-app answers previewed as the hotel's home.
      createAside: WizardPreview,
      optionPictures: templatePictures,
      // Only hotels have a guest app; a staff account's tabs say so.
      tabs: (record) =>
        record.role !== 'operator'
          ? { social: <StaffHasNoGuestApp />, metadata: <StaffHasNoGuestApp /> }
          : {
              social: (
                <LazyPart>
                  <BrandingTab ownerId={record.id} section="social" />
                </LazyPart>
              ),
              metadata: (
                <LazyPart>
                  <BrandingTab ownerId={record.id} section="metadata" />
                </LazyPart>
              ),
            },
    },
  },
  screens: [
    {
      key: CUSTOMIZATION_PATH,
      label: 'nav.customization',
      path: CUSTOMIZATION_PATH,
      icon: 'brush',
      group: 'management',
      before: 'amenities',
      // Reading is as wide as changing for branding (owner()): the hotel and administrators.
      access: { resource: branding.name, action: 'list' },
    },
  ],
});
