import { logoPng } from '../seed/assets/logos';
import { seededFiles, seedFileName } from '../seed/pages';
import type { RecordRow, Upload } from '../store/types';
import { fileUrl, tenantOf } from '../uploads/storage';

/**
 * The app catalogue of the demo: nine apps a hotel connects (a property-management system, a
 * channel manager, door locks, payments, a newsletter, reviews, parking, Hotek — the timeslot
 * app of the product — and a guest CRM that connects through OAuth 2 against the local provider
 * `npm start` runs), each with its own painted logo; and the hotels' connections, a
 * customization and a permission.
 */

interface CatalogueApp {
  key: string;
  name: string;
  initials: string;
  primary: string;
  secondary: string;
  featured: boolean;
  rating: number;
  reviewCount: number;
  text: Record<'en' | 'nl' | 'de' | 'fr' | 'es', string>;
  credentialFields?: string[];
  oauth?: true;
  area?: 'hotek';
}

const CATALOGUE: CatalogueApp[] = [
  {
    key: 'hotek',
    name: 'Hotek',
    initials: 'H',
    primary: '#0f766e',
    secondary: '#fbbf24',
    featured: true,
    rating: 4.6,
    reviewCount: 212,
    credentialFields: [],
    area: 'hotek',
    text: {
      en: 'Timeslots for breakfast, spa and tours: guests book from the guest app, you see every booking in one list.',
      nl: 'Tijdsloten voor ontbijt, spa en rondleidingen: gasten boeken in de gast-app, u ziet elke boeking in één lijst.',
      de: 'Zeitfenster für Frühstück, Spa und Touren: Gäste buchen in der Gäste-App, Sie sehen jede Buchung in einer Liste.',
      fr: 'Créneaux pour le petit-déjeuner, le spa et les visites : les clients réservent dans l’app, vous voyez chaque réservation dans une liste.',
      es: 'Franjas horarias para desayuno, spa y visitas: los huéspedes reservan en la app y usted ve cada reserva en una lista.',
    },
  },
  {
    key: 'cloudstay-pms',
    name: 'CloudStay PMS',
    initials: 'CS',
    primary: '#1d4ed8',
    secondary: '#38bdf8',
    featured: true,
    rating: 4.4,
    reviewCount: 1284,
    credentialFields: ['key', 'secret'],
    text: {
      en: 'Property-management system: reservations, room status and guest profiles flow into the guest app.',
      nl: 'Property-managementsysteem: reserveringen, kamerstatus en gastprofielen komen in de gast-app.',
      de: 'Property-Management-System: Reservierungen, Zimmerstatus und Gästeprofile fließen in die Gäste-App.',
      fr: 'Système de gestion hôtelière : réservations, état des chambres et profils clients alimentent l’app.',
      es: 'Sistema de gestión hotelera: reservas, estado de habitaciones y perfiles de huéspedes llegan a la app.',
    },
  },
  {
    key: 'channel-axis',
    name: 'ChannelAxis',
    initials: 'CA',
    primary: '#7c3aed',
    secondary: '#f472b6',
    featured: false,
    rating: 4.2,
    reviewCount: 836,
    credentialFields: ['username', 'password'],
    text: {
      en: 'Channel manager: rates and availability kept in step across booking sites.',
      nl: 'Channelmanager: prijzen en beschikbaarheid gelijk op alle boekingssites.',
      de: 'Channel-Manager: Preise und Verfügbarkeit auf allen Buchungsportalen im Gleichschritt.',
      fr: 'Channel manager : tarifs et disponibilités alignés sur tous les sites de réservation.',
      es: 'Channel manager: tarifas y disponibilidad sincronizadas en todos los portales de reserva.',
    },
  },
  {
    key: 'lock-smart',
    name: 'LockSmart',
    initials: 'LS',
    primary: '#334155',
    secondary: '#22c55e',
    featured: false,
    rating: 4.1,
    reviewCount: 402,
    credentialFields: ['access_token'],
    text: {
      en: 'Door locks: guests open their room with a mobile key from the guest app.',
      nl: 'Deursloten: gasten openen hun kamer met een mobiele sleutel in de gast-app.',
      de: 'Türschlösser: Gäste öffnen ihr Zimmer mit einem mobilen Schlüssel aus der Gäste-App.',
      fr: 'Serrures : les clients ouvrent leur chambre avec une clé mobile dans l’app.',
      es: 'Cerraduras: los huéspedes abren su habitación con una llave móvil desde la app.',
    },
  },
  {
    key: 'cash-lane',
    name: 'CashLane',
    initials: 'CL',
    primary: '#059669',
    secondary: '#a3e635',
    featured: true,
    rating: 4.7,
    reviewCount: 2410,
    credentialFields: ['key', 'secret'],
    text: {
      en: 'Payments: cards and wallets for point-of-sale orders and room charges.',
      nl: 'Betalingen: kaarten en wallets voor kassabestellingen en kamerrekeningen.',
      de: 'Zahlungen: Karten und Wallets für Kassenbestellungen und Zimmerbelastungen.',
      fr: 'Paiements : cartes et portefeuilles pour les commandes et les frais de chambre.',
      es: 'Pagos: tarjetas y monederos para pedidos del punto de venta y cargos a la habitación.',
    },
  },
  {
    key: 'send-hatch',
    name: 'SendHatch',
    initials: 'SH',
    primary: '#ea580c',
    secondary: '#fde047',
    featured: false,
    rating: 4.3,
    reviewCount: 978,
    credentialFields: ['key'],
    text: {
      en: 'Newsletter: guests who opt in join your mailing list, with their language.',
      nl: 'Nieuwsbrief: gasten die zich aanmelden komen op uw mailinglijst, met hun taal.',
      de: 'Newsletter: Gäste, die zustimmen, kommen mit ihrer Sprache auf Ihre Verteilerliste.',
      fr: 'Newsletter : les clients qui l’acceptent rejoignent votre liste, avec leur langue.',
      es: 'Boletín: los huéspedes que lo aceptan se suman a su lista, con su idioma.',
    },
  },
  {
    key: 'acclaim-hub',
    name: 'AcclaimHub',
    initials: 'AH',
    primary: '#b91c1c',
    secondary: '#fca5a5',
    featured: false,
    rating: 4.0,
    reviewCount: 356,
    credentialFields: ['token'],
    text: {
      en: 'Reviews: ask departing guests for a review and answer them in one place.',
      nl: 'Beoordelingen: vraag vertrekkende gasten om een review en beantwoord ze op één plek.',
      de: 'Bewertungen: abreisende Gäste um eine Bewertung bitten und an einem Ort antworten.',
      fr: 'Avis : demandez un avis aux clients qui partent et répondez-y au même endroit.',
      es: 'Reseñas: pida una reseña a los huéspedes que se van y respóndalas en un solo lugar.',
    },
  },
  {
    key: 'car-haven',
    name: 'CarHaven',
    initials: 'CH',
    primary: '#0369a1',
    secondary: '#facc15',
    featured: false,
    rating: 3.9,
    reviewCount: 128,
    credentialFields: ['username', 'password'],
    text: {
      en: 'Parking: guests reserve a space and get the gate code in the guest app.',
      nl: 'Parkeren: gasten reserveren een plek en krijgen de slagboomcode in de gast-app.',
      de: 'Parken: Gäste reservieren einen Platz und erhalten den Torcode in der Gäste-App.',
      fr: 'Parking : les clients réservent une place et reçoivent le code d’accès dans l’app.',
      es: 'Aparcamiento: los huéspedes reservan plaza y reciben el código en la app.',
    },
  },
  {
    key: 'halo-crm',
    name: 'Halo CRM',
    initials: 'HC',
    primary: '#c026d3',
    secondary: '#67e8f9',
    featured: true,
    rating: 4.5,
    reviewCount: 640,
    oauth: true,
    text: {
      en: 'Guest CRM: preferences and stays of returning guests, connected with one sign-in at Halo.',
      nl: 'Gasten-CRM: voorkeuren en verblijven van terugkerende gasten, gekoppeld met één keer inloggen bij Halo.',
      de: 'Gäste-CRM: Vorlieben und Aufenthalte wiederkehrender Gäste, verbunden mit einer Anmeldung bei Halo.',
      fr: 'CRM clients : préférences et séjours des clients fidèles, connecté en une connexion chez Halo.',
      es: 'CRM de huéspedes: preferencias y estancias de los clientes habituales, conectado con un inicio de sesión en Halo.',
    },
  },
];

export interface AppSeedOptions {
  /** The hotels, by slug, with their ids. */
  hotels: readonly { id: number; slug: string }[];
  /** The local OAuth 2 provider the OAuth app uses (DEMO_OAUTH_PORT). */
  oauthProviderUrl: string;
  firstUploadId: number;
  iso: (daysAgo: number, hour: number) => string;
}

export function buildApps({ hotels, oauthProviderUrl, firstUploadId, iso }: AppSeedOptions) {
  const uploads: Upload[] = [];
  const createdAt = iso(300, 9);
  const owner = null;
  const apps: RecordRow[] = CATALOGUE.map((entry, index) => {
    const url = fileUrl(tenantOf(owner), seedFileName(0, `apps/${entry.key}`, 'png'));
    let bytes = seededFiles.get(url);
    if (!bytes) seededFiles.set(url, (bytes = logoPng(entry, 256)));
    uploads.push({
      id: firstUploadId + uploads.length,
      url,
      name: `${entry.key}.png`,
      size: bytes.length,
      type: 'image/png',
      ownerId: owner,
      uploadedBy: 1,
      createdAt,
    });
    const { initials: _i, primary: _p, secondary: _s, oauth, credentialFields, ...fields } = entry;
    return {
      id: index + 1,
      ...fields,
      image: url,
      connection: oauth ? 'oauth' : 'credentials',
      ...(oauth
        ? {
            authorizeUrl: `${oauthProviderUrl}/authorize`,
            tokenUrl: `${oauthProviderUrl}/token`,
            revokeUrl: `${oauthProviderUrl}/revoke`,
            scopes: 'guests.read stays.read',
            clientId: 'stay-console-demo',
            // In clear here; sealed before the seed is written (writeSeedFile).
            clientSecret: 'demo-client-secret',
          }
        : { credentialFields }),
      createdAt,
      updatedAt: createdAt,
    };
  });

  const appId = (key: string) => apps.find((app) => app.key === key)!.id;
  const hotelId = (slug: string) => hotels.find((hotel) => hotel.slug === slug)!.id;
  const stamp = iso(30, 10);
  const connections: RecordRow[] = [];
  const connect = (slug: string, key: string, credentials: Record<string, string> = {}) =>
    connections.push({
      id: connections.length + 1,
      ownerId: hotelId(slug),
      appId: appId(key),
      status: 'connected',
      // Demo credentials in clear here; sealed before the seed is written (writeSeedFile).
      ...credentials,
      connectedAt: stamp,
      connectedBy: 'Daniel Brooks',
      createdAt: stamp,
      updatedAt: stamp,
    });
  // Every seeded hotel runs Hotek (its timeslots and bookings are in the seed).
  for (const hotel of hotels) connect(hotel.slug, 'hotek');
  connect('canal-house-amsterdam', 'cloudstay-pms', {
    key: 'csp_live_4f9a2c71',
    secret: 'demo-secret-amsterdam',
  });
  connect('casa-alameda-madrid', 'send-hatch', { key: 'sh-demo-8812' });

  const customizations: RecordRow[] = [
    {
      id: 1,
      ownerId: hotelId('spree-loft-berlin'),
      appId: appId('hotek'),
      title: 'Frühstück & Spa buchen',
      createdAt: stamp,
      updatedAt: stamp,
    },
  ];
  // Madrid's payments are set up by its administrator.
  const permissions: RecordRow[] = [
    {
      id: 1,
      ownerId: hotelId('casa-alameda-madrid'),
      appId: appId('cash-lane'),
      canSelfConnect: false,
      createdAt: stamp,
      updatedAt: stamp,
    },
  ];
  return { apps, connections, customizations, permissions, uploads };
}
