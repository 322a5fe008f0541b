// Seed data for the `pages` collection: each hotel's guest-app pages (welcome, breakfast, the spa
// menu as a PDF, a map as an iframe, house rules with subpages, wifi, check-out and a few of its
// own), one record per page and language of the hotel with the same `groupId`, real cover images
// and a real PDF per language. Hand-written and free of randomness, so the output only depends
// on `today` (via `iso`); the files' bytes are painted and written in code (./assets).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../src/schema/locales';
import type { PAGE_FONTS, PAGE_TEMPLATES, PAGE_TYPES } from '../../src/resources/pages';
import type { Upload } from '../store/types';
import { fileUrl, uploadsRoot } from '../uploads/storage';
import { coverPng, type CoverTheme } from './assets/covers';
import { menuPdf, type MenuSection } from './assets/pdf';

type PageType = (typeof PAGE_TYPES)[number];
type PageTemplate = (typeof PAGE_TEMPLATES)[number];
type PageFont = (typeof PAGE_FONTS)[number];

/** A text in some locales; a locale the data lacks is an error when it is looked up. */
type Text = Readonly<Partial<Record<Locale, string>>>;

/** What a page says in one language. */
interface PageText {
  title: string;
  slug: string;
  description: string;
  /** Rich text (content pages only), in the allowlist of src/schema/richText.ts. */
  body?: string;
}

type Writer = (hotel: Hotel) => PageText;
/** A page's texts, written per language from the hotel's facts. */
type Texts = Readonly<Partial<Record<Locale, Writer>>>;

interface PageSource {
  /** The page within its hotel: part of its `groupId`, and how subpages name their parent. */
  key: string;
  type: PageType;
  template: PageTemplate;
  texts: Texts;
  /** Drafts are seeded too (`published: false`). */
  draft?: true;
  /** The key of the page this one is a subpage of (same hotel; same language per record). */
  parent?: string;
  cover?: CoverTheme;
  font: PageFont;
  /** `paper` (the hotel's light tint) or plain white. */
  background?: 'paper' | 'white';
}

/** A spa menu line: the treatment's name in every language, duration and price. */
interface Treatment {
  name: Text;
  minutes: number;
  price: number;
}

interface Hotel {
  name: string;
  street: string;
  city: string;
  phone: string;
  email: string;
  website: string;
  primary: string;
  paper: string;
  ink: string;
  checkIn: string;
  checkOut: string;
  lateCheckOut: string;
  lateFee: number;
  breakfast: { weekdays: string; weekends: string; price: number; room: Text };
  quiet: { from: string; to: string };
  /** Dogs per night; undefined: no pets (assistance dogs only). */
  dogFee?: number;
  wifi: { network: string; password: string };
  /** OpenStreetMap's embed: the box around the hotel (west, south, east, north) and its pin. */
  map: { bbox: readonly [number, number, number, number]; marker: readonly [number, number] };
  spa: { hours: string; place: Text; sections: readonly SpaSection[] };
  /** The hotel's own opening paragraph of the welcome page. */
  intro: Text;
  /** Three tips for the neighbourhood, per language. */
  tips: Readonly<Partial<Record<Locale, readonly string[]>>>;
  pages: readonly PageSource[];
}

interface SpaSection {
  heading: keyof typeof SPA_HEADINGS;
  treatments: readonly Treatment[];
}

// ---------------------------------------------------------------------------------------------
// Small helpers for texts and HTML

/** Euros as each language writes them (`€19.50`, `€ 19,50`, `19,50 €`). */
export function euro(amount: number, locale: Locale): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const number = amount.toFixed(digits);
  if (locale === 'en') return `€${number}`;
  const comma = number.replace('.', ',');
  return locale === 'nl' ? `€ ${comma}` : `${comma} €`;
}

const link = (href: string, label: string) =>
  `<a href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`;
const mail = (address: string) => `<a href="mailto:${address}">${address}</a>`;
const list = (items: readonly string[]) =>
  `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const html = (...parts: string[]) => parts.join('');

function pick<T>(text: Readonly<Partial<Record<Locale, T>>>, locale: Locale, what: string): T {
  const value = text[locale];
  if (value === undefined) throw new Error(`Page seed: no ${locale} text for ${what}`);
  return value;
}

/** The OpenStreetMap embed of a hotel's neighbourhood, with a pin on the hotel. */
const mapUrl = ({ map }: Hotel) =>
  'https://www.openstreetmap.org/export/embed.html?bbox=' +
  map.bbox.map((value) => value.toFixed(4)).join('%2C') +
  `&layer=mapnik&marker=${map.marker.map((value) => value.toFixed(4)).join('%2C')}`;

// ---------------------------------------------------------------------------------------------
// The spa menu (a PDF per language)

const SPA_HEADINGS = {
  massages: { en: 'Massages', nl: 'Massages', de: 'Massagen', fr: 'Massages', es: 'Masajes' },
  face: {
    en: 'Face and body',
    nl: 'Gezicht en lichaam',
    de: 'Gesicht und Körper',
    fr: 'Visage et corps',
    es: 'Rostro y cuerpo',
  },
  water: {
    en: 'Sauna and water',
    nl: 'Sauna en water',
    de: 'Sauna und Wasser',
    fr: 'Sauna et eau',
    es: 'Sauna y agua',
  },
} as const satisfies Record<string, Text>;

const TREATMENTS = {
  relax: {
    en: 'Relaxing massage',
    nl: 'Ontspanningsmassage',
    de: 'Entspannungsmassage',
    fr: 'Massage relaxant',
    es: 'Masaje relajante',
  },
  backAndNeck: {
    en: 'Back and neck massage',
    nl: 'Rug- en nekmassage',
    de: 'Rücken- und Nackenmassage',
    fr: 'Massage dos et nuque',
    es: 'Masaje de espalda y cuello',
  },
  hotStone: {
    en: 'Hot stone massage',
    nl: 'Hotstonemassage',
    de: 'Hot-Stone-Massage',
    fr: 'Massage aux pierres chaudes',
    es: 'Masaje con piedras calientes',
  },
  facial: {
    en: 'Refreshing facial',
    nl: 'Verfrissende gezichtsbehandeling',
    de: 'Erfrischende Gesichtsbehandlung',
    fr: 'Soin du visage rafraîchissant',
    es: 'Tratamiento facial refrescante',
  },
  feet: {
    en: 'Foot ritual',
    nl: 'Voetenritueel',
    de: 'Fußritual',
    fr: 'Rituel des pieds',
    es: 'Ritual de pies',
  },
  privateSauna: {
    en: 'Private sauna (2 people)',
    nl: 'Privésauna (2 personen)',
    de: 'Private Sauna (2 Personen)',
    fr: 'Sauna privatif (2 personnes)',
    es: 'Sauna privada (2 personas)',
  },
  saunaPass: {
    en: 'Sauna and steam bath, day pass',
    nl: 'Sauna en stoombad, dagkaart',
    de: 'Sauna und Dampfbad, Tageskarte',
    fr: 'Sauna et hammam, accès journée',
    es: 'Sauna y baño de vapor, pase de día',
  },
  waterCircuit: {
    en: 'Water circuit: contrast pool and sauna',
    nl: 'Watercircuit: contrastbad en sauna',
    de: 'Wasserkreislauf: Kontrastbecken und Sauna',
    fr: "Circuit d'eau : bassin de contraste et sauna",
    es: 'Circuito de aguas: piscina de contraste y sauna',
  },
} as const satisfies Record<string, Text>;

const MENU_WORDS = {
  en: {
    title: 'Spa menu',
    minutes: 'min',
    hours: 'Open daily',
    book: 'Book at reception or by phone',
    arrive: 'Please arrive ten minutes early. Cancellations free of charge until 12 hours before.',
  },
  nl: {
    title: 'Wellnesskaart',
    minutes: 'min',
    hours: 'Dagelijks geopend',
    book: 'Reserveren bij de receptie of telefonisch',
    arrive: 'Kom tien minuten van tevoren. Kosteloos annuleren tot 12 uur van tevoren.',
  },
  de: {
    title: 'Spa-Angebot',
    minutes: 'Min.',
    hours: 'Täglich geöffnet',
    book: 'Buchung an der Rezeption oder telefonisch',
    arrive: 'Bitte kommen Sie zehn Minuten früher. Stornierung bis 12 Stunden vorher kostenlos.',
  },
  fr: {
    title: 'Carte du spa',
    minutes: 'min',
    hours: 'Ouvert tous les jours',
    book: 'Réservation à la réception ou par téléphone',
    arrive: "Merci d'arriver dix minutes à l'avance. Annulation gratuite jusqu'à 12 heures avant.",
  },
  es: {
    title: 'Carta del spa',
    minutes: 'min',
    hours: 'Abierto todos los días',
    book: 'Reservas en recepción o por teléfono',
    arrive: 'Llega diez minutos antes, por favor. Cancelación gratuita hasta 12 horas antes.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** The hotel's spa menu in one language, as a one-page PDF. */
function spaMenuPdf(hotel: Hotel, locale: Locale): Buffer {
  const words = MENU_WORDS[locale];
  const sections: MenuSection[] = hotel.spa.sections.map((section) => ({
    heading: SPA_HEADINGS[section.heading][locale],
    items: section.treatments.map((treatment) => ({
      name: pick(treatment.name, locale, 'a treatment'),
      detail: `${treatment.minutes} ${words.minutes}`,
      price: euro(treatment.price, locale),
    })),
  }));
  return menuPdf({
    title: `${words.title} · ${hotel.name}`,
    subtitle: `${pick(hotel.spa.place, locale, 'the spa')} · ${words.hours} ${hotel.spa.hours}`,
    sections,
    notes: [`${words.book}: ${hotel.phone}`, words.arrive, `${hotel.street}, ${hotel.city}`],
    accent: hotel.primary,
    lang: locale,
  });
}

// ---------------------------------------------------------------------------------------------
// The pages every hotel has, in every language

const WELCOME: Texts = {
  en: (h) => ({
    title: `Welcome to ${h.name}`,
    slug: 'welcome',
    description: 'Everything you need for your stay, from breakfast to check-out.',
    body: html(
      `<h2>Welcome</h2><p>${pick(h.intro, 'en', 'intro')}</p>`,
      '<h3>Good to know</h3>',
      list([
        `Check-in from <strong>${h.checkIn}</strong>, check-out until <strong>${h.checkOut}</strong>.`,
        `Breakfast is served from ${h.breakfast.weekdays} (weekends ${h.breakfast.weekends}).`,
        `Wi-Fi: <strong>${h.wifi.network}</strong>, free throughout the house.`,
        `Reception is open day and night: ${h.phone}.`,
      ]),
      '<h3>Our tips for the neighbourhood</h3>',
      list(pick(h.tips, 'en', 'tips')),
      `<p>Questions or wishes? Write to ${mail(h.email)} or visit ${link(h.website, 'our website')}. Enjoy your stay!</p>`,
    ),
  }),
  nl: (h) => ({
    title: `Welkom in ${h.name}`,
    slug: 'welkom',
    description: 'Alles voor je verblijf, van ontbijt tot uitchecken.',
    body: html(
      `<h2>Welkom</h2><p>${pick(h.intro, 'nl', 'intro')}</p>`,
      '<h3>Goed om te weten</h3>',
      list([
        `Inchecken vanaf <strong>${h.checkIn}</strong>, uitchecken tot <strong>${h.checkOut}</strong>.`,
        `Het ontbijt staat klaar van ${h.breakfast.weekdays} (in het weekend ${h.breakfast.weekends}).`,
        `Wifi: <strong>${h.wifi.network}</strong>, gratis in het hele huis.`,
        `De receptie is dag en nacht bereikbaar: ${h.phone}.`,
      ]),
      '<h3>Onze tips voor de buurt</h3>',
      list(pick(h.tips, 'nl', 'tips')),
      `<p>Vragen of wensen? Mail naar ${mail(h.email)} of kijk op ${link(h.website, 'onze website')}. Een fijn verblijf!</p>`,
    ),
  }),
  de: (h) => ({
    title: `Willkommen im ${h.name}`,
    slug: 'willkommen',
    description: 'Alles für Ihren Aufenthalt, vom Frühstück bis zur Abreise.',
    body: html(
      `<h2>Herzlich willkommen</h2><p>${pick(h.intro, 'de', 'intro')}</p>`,
      '<h3>Gut zu wissen</h3>',
      list([
        `Check-in ab <strong>${h.checkIn} Uhr</strong>, Check-out bis <strong>${h.checkOut} Uhr</strong>.`,
        `Frühstück gibt es von ${h.breakfast.weekdays} Uhr (am Wochenende ${h.breakfast.weekends} Uhr).`,
        `WLAN: <strong>${h.wifi.network}</strong>, kostenlos im ganzen Haus.`,
        `Die Rezeption ist rund um die Uhr für Sie da: ${h.phone}.`,
      ]),
      '<h3>Unsere Tipps für die Nachbarschaft</h3>',
      list(pick(h.tips, 'de', 'tips')),
      `<p>Fragen oder Wünsche? Schreiben Sie an ${mail(h.email)} oder besuchen Sie ${link(h.website, 'unsere Website')}. Einen schönen Aufenthalt!</p>`,
    ),
  }),
  fr: (h) => ({
    title: `Bienvenue à ${h.name}`,
    slug: 'bienvenue',
    description: 'Tout pour votre séjour, du petit-déjeuner au départ.',
    body: html(
      `<h2>Bienvenue</h2><p>${pick(h.intro, 'fr', 'intro')}</p>`,
      '<h3>Bon à savoir</h3>',
      list([
        `Arrivée à partir de <strong>${h.checkIn}</strong>, départ jusqu'à <strong>${h.checkOut}</strong>.`,
        `Le petit-déjeuner est servi de ${h.breakfast.weekdays} (le week-end de ${h.breakfast.weekends}).`,
        `Wi-Fi : <strong>${h.wifi.network}</strong>, gratuit dans toute la maison.`,
        `La réception est ouverte jour et nuit : ${h.phone}.`,
      ]),
      '<h3>Nos conseils pour le quartier</h3>',
      list(pick(h.tips, 'fr', 'tips')),
      `<p>Une question, un souhait ? Écrivez à ${mail(h.email)} ou consultez ${link(h.website, 'notre site')}. Bon séjour !</p>`,
    ),
  }),
  es: (h) => ({
    title: `Bienvenido a ${h.name}`,
    slug: 'bienvenida',
    description: 'Todo para tu estancia, del desayuno a la salida.',
    body: html(
      `<h2>Bienvenido</h2><p>${pick(h.intro, 'es', 'intro')}</p>`,
      '<h3>Conviene saber</h3>',
      list([
        `Entrada a partir de las <strong>${h.checkIn}</strong>, salida hasta las <strong>${h.checkOut}</strong>.`,
        `El desayuno se sirve de ${h.breakfast.weekdays} (los fines de semana de ${h.breakfast.weekends}).`,
        `Wifi: <strong>${h.wifi.network}</strong>, gratis en toda la casa.`,
        `La recepción está abierta día y noche: ${h.phone}.`,
      ]),
      '<h3>Nuestros consejos para el barrio</h3>',
      list(pick(h.tips, 'es', 'tips')),
      `<p>¿Preguntas o deseos? Escríbenos a ${mail(h.email)} o visita ${link(h.website, 'nuestra web')}. ¡Feliz estancia!</p>`,
    ),
  }),
};

const BREAKFAST: Texts = {
  en: (h) => ({
    title: 'Breakfast',
    slug: 'breakfast',
    description: `Served in the ${pick(h.breakfast.room, 'en', 'room')} every morning.`,
    body: html(
      `<h2>Good morning!</h2><p>Breakfast is served in the <strong>${pick(h.breakfast.room, 'en', 'room')}</strong>: fresh bread from the bakery around the corner, cheeses and cold cuts, yoghurt with homemade granola, seasonal fruit and eggs cooked to order.</p>`,
      '<h3>Times</h3>',
      list([
        `Monday to Friday: ${h.breakfast.weekdays}`,
        `Saturday and Sunday: ${h.breakfast.weekends}`,
      ]),
      `<p>Breakfast is ${euro(h.breakfast.price, 'en')} per person when it is not included in your rate; children under 12 eat for half price.</p>`,
      '<h3>Special diets</h3><p>We have gluten-free bread, plant-based milk and vegan spreads. Let us know the evening before and we will prepare something just for you.</p>',
      '<blockquote>Leaving early? Ask reception for a breakfast bag the night before.</blockquote>',
    ),
  }),
  nl: (h) => ({
    title: 'Ontbijt',
    slug: 'ontbijt',
    description: `Elke ochtend in de ${pick(h.breakfast.room, 'nl', 'room')}.`,
    body: html(
      `<h2>Goedemorgen!</h2><p>Het ontbijt staat klaar in de <strong>${pick(h.breakfast.room, 'nl', 'room')}</strong>: vers brood van de bakker om de hoek, kaas en vleeswaren, yoghurt met huisgemaakte granola, fruit van het seizoen en eieren naar wens.</p>`,
      '<h3>Tijden</h3>',
      list([
        `Maandag tot en met vrijdag: ${h.breakfast.weekdays}`,
        `Zaterdag en zondag: ${h.breakfast.weekends}`,
      ]),
      `<p>Het ontbijt kost ${euro(h.breakfast.price, 'nl')} per persoon als het niet bij je kamerprijs is inbegrepen; kinderen tot 12 jaar betalen de helft.</p>`,
      '<h3>Dieetwensen</h3><p>We hebben glutenvrij brood, plantaardige melk en vegan beleg. Laat het ons de avond ervoor weten, dan zorgen we voor iets speciaals.</p>',
      '<blockquote>Vroeg weg? Vraag de avond ervoor bij de receptie om een ontbijtpakket.</blockquote>',
    ),
  }),
  de: (h) => ({
    title: 'Frühstück',
    slug: 'fruehstueck',
    description: `Jeden Morgen im ${pick(h.breakfast.room, 'de', 'room')}.`,
    body: html(
      `<h2>Guten Morgen!</h2><p>Das Frühstück wird im <strong>${pick(h.breakfast.room, 'de', 'room')}</strong> serviert: frisches Brot vom Bäcker um die Ecke, Käse und Aufschnitt, Joghurt mit hausgemachtem Granola, Obst der Saison und Eier nach Wunsch.</p>`,
      '<h3>Zeiten</h3>',
      list([
        `Montag bis Freitag: ${h.breakfast.weekdays} Uhr`,
        `Samstag und Sonntag: ${h.breakfast.weekends} Uhr`,
      ]),
      `<p>Das Frühstück kostet ${euro(h.breakfast.price, 'de')} pro Person, wenn es nicht in Ihrem Zimmerpreis enthalten ist; Kinder unter 12 Jahren zahlen die Hälfte.</p>`,
      '<h3>Besondere Ernährung</h3><p>Wir haben glutenfreies Brot, Pflanzenmilch und vegane Aufstriche. Sagen Sie uns am Vorabend Bescheid, dann bereiten wir etwas für Sie vor.</p>',
      '<blockquote>Früh unterwegs? Fragen Sie am Vorabend an der Rezeption nach einem Frühstückspaket.</blockquote>',
    ),
  }),
  fr: (h) => ({
    title: 'Petit-déjeuner',
    slug: 'petit-dejeuner',
    description: `Servi chaque matin dans ${pick(h.breakfast.room, 'fr', 'room')}.`,
    body: html(
      `<h2>Bonjour !</h2><p>Le petit-déjeuner est servi dans <strong>${pick(h.breakfast.room, 'fr', 'room')}</strong> : pain frais de la boulangerie du coin, fromages et charcuterie, yaourt au granola maison, fruits de saison et œufs préparés à la demande.</p>`,
      '<h3>Horaires</h3>',
      list([
        `Du lundi au vendredi : ${h.breakfast.weekdays}`,
        `Samedi et dimanche : ${h.breakfast.weekends}`,
      ]),
      `<p>Le petit-déjeuner coûte ${euro(h.breakfast.price, 'fr')} par personne s'il n'est pas compris dans votre tarif ; demi-tarif pour les enfants de moins de 12 ans.</p>`,
      '<h3>Régimes particuliers</h3><p>Nous proposons du pain sans gluten, des laits végétaux et des tartinades véganes. Prévenez-nous la veille et nous préparerons quelque chose pour vous.</p>',
      '<blockquote>Départ matinal ? Demandez un panier petit-déjeuner à la réception la veille.</blockquote>',
    ),
  }),
  es: (h) => ({
    title: 'Desayuno',
    slug: 'desayuno',
    description: `Cada mañana en ${pick(h.breakfast.room, 'es', 'room')}.`,
    body: html(
      `<h2>¡Buenos días!</h2><p>El desayuno se sirve en <strong>${pick(h.breakfast.room, 'es', 'room')}</strong>: pan recién hecho de la panadería de la esquina, quesos y embutidos, yogur con granola casera, fruta de temporada y huevos al gusto.</p>`,
      '<h3>Horario</h3>',
      list([
        `De lunes a viernes: ${h.breakfast.weekdays}`,
        `Sábados y domingos: ${h.breakfast.weekends}`,
      ]),
      `<p>El desayuno cuesta ${euro(h.breakfast.price, 'es')} por persona si no está incluido en tu tarifa; los niños menores de 12 años pagan la mitad.</p>`,
      '<h3>Dietas especiales</h3><p>Tenemos pan sin gluten, bebidas vegetales y cremas veganas para untar. Avísanos la noche anterior y prepararemos algo para ti.</p>',
      '<blockquote>¿Sales temprano? Pide en recepción una bolsa de desayuno la noche anterior.</blockquote>',
    ),
  }),
};

/** The spa menu is a PDF page: only its title and description are text. */
const SPA_MENU: Texts = {
  en: (h) => ({
    title: 'Spa menu',
    slug: 'spa-menu',
    description: `Massages and treatments. ${pick(h.spa.place, 'en', 'spa')}, open daily ${h.spa.hours}.`,
  }),
  nl: (h) => ({
    title: 'Wellnesskaart',
    slug: 'wellnesskaart',
    description: `Massages en behandelingen. ${pick(h.spa.place, 'nl', 'spa')}, dagelijks open ${h.spa.hours}.`,
  }),
  de: (h) => ({
    title: 'Spa-Angebot',
    slug: 'spa-angebot',
    description: `Massagen und Anwendungen. ${pick(h.spa.place, 'de', 'spa')}, täglich ${h.spa.hours} Uhr geöffnet.`,
  }),
  fr: (h) => ({
    title: 'Carte du spa',
    slug: 'carte-du-spa',
    description: `Massages et soins. ${pick(h.spa.place, 'fr', 'spa')}, ouvert tous les jours ${h.spa.hours}.`,
  }),
  es: (h) => ({
    title: 'Carta del spa',
    slug: 'carta-del-spa',
    description: `Masajes y tratamientos. ${pick(h.spa.place, 'es', 'spa')}, abierto todos los días ${h.spa.hours}.`,
  }),
};

/** The map is an iframe page (OpenStreetMap's embed). */
const MAP: Texts = {
  en: (h) => ({
    title: 'Map of the area',
    slug: 'map',
    description: `${h.name} and its streets: ${h.street}, ${h.city}.`,
  }),
  nl: (h) => ({
    title: 'Kaart van de buurt',
    slug: 'kaart',
    description: `${h.name} en de straten eromheen: ${h.street}, ${h.city}.`,
  }),
  de: (h) => ({
    title: 'Karte der Umgebung',
    slug: 'karte',
    description: `Das ${h.name} und seine Umgebung: ${h.street}, ${h.city}.`,
  }),
  fr: (h) => ({
    title: 'Plan du quartier',
    slug: 'plan',
    description: `${h.name} et les rues alentour : ${h.street}, ${h.city}.`,
  }),
  es: (h) => ({
    title: 'Mapa del barrio',
    slug: 'mapa',
    description: `${h.name} y sus calles: ${h.street}, ${h.city}.`,
  }),
};

const HOUSE_RULES: Texts = {
  en: (h) => ({
    title: 'House rules',
    slug: 'house-rules',
    description: 'A few agreements so that everyone sleeps well and feels at home.',
    body: html(
      `<h2>House rules</h2><p>${h.name} is a small house where guests live close together. These agreements help everyone enjoy their stay.</p>`,
      list([
        `Check-in from ${h.checkIn}, check-out until ${h.checkOut}.`,
        `Quiet hours from ${h.quiet.from} to ${h.quiet.to}.`,
        'No smoking anywhere inside the building, including balconies.',
        'Visitors are welcome in the lounge until 22:00; only registered guests stay overnight.',
        'Please report any damage to reception; we are happy to help, and honesty keeps costs low.',
      ]),
      '<p>Read more about each topic on the pages below.</p>',
    ),
  }),
  nl: (h) => ({
    title: 'Huisregels',
    slug: 'huisregels',
    description: 'Een paar afspraken, zodat iedereen goed slaapt en zich thuis voelt.',
    body: html(
      `<h2>Huisregels</h2><p>${h.name} is een klein huis waar gasten dicht bij elkaar wonen. Met deze afspraken heeft iedereen een fijn verblijf.</p>`,
      list([
        `Inchecken vanaf ${h.checkIn}, uitchecken tot ${h.checkOut}.`,
        `Nachtrust van ${h.quiet.from} tot ${h.quiet.to}.`,
        'Roken is nergens in het gebouw toegestaan, ook niet op de balkons.',
        'Bezoek is welkom in de lounge tot 22:00; alleen ingeschreven gasten blijven overnachten.',
        'Meld schade bij de receptie; we helpen graag, en eerlijkheid houdt de kosten laag.',
      ]),
      '<p>Lees meer over elk onderwerp op de pagina’s hieronder.</p>',
    ),
  }),
  de: (h) => ({
    title: 'Hausordnung',
    slug: 'hausordnung',
    description: 'Ein paar Vereinbarungen, damit alle gut schlafen und sich wohlfühlen.',
    body: html(
      `<h2>Hausordnung</h2><p>Das ${h.name} ist ein kleines Haus, in dem die Gäste nah beieinander wohnen. Diese Vereinbarungen sorgen dafür, dass sich alle wohlfühlen.</p>`,
      list([
        `Check-in ab ${h.checkIn} Uhr, Check-out bis ${h.checkOut} Uhr.`,
        `Nachtruhe von ${h.quiet.from} bis ${h.quiet.to} Uhr.`,
        'Im ganzen Gebäude wird nicht geraucht, auch nicht auf den Balkonen.',
        'Besuch ist in der Lounge bis 22 Uhr willkommen; übernachten dürfen nur angemeldete Gäste.',
        'Bitte melden Sie Schäden an der Rezeption; wir helfen gern, und Ehrlichkeit hält die Kosten niedrig.',
      ]),
      '<p>Mehr zu jedem Thema finden Sie auf den Seiten unten.</p>',
    ),
  }),
  fr: (h) => ({
    title: 'Règlement intérieur',
    slug: 'reglement-interieur',
    description: 'Quelques règles pour que chacun dorme bien et se sente chez soi.',
    body: html(
      `<h2>Règlement intérieur</h2><p>${h.name} est une petite maison où les hôtes vivent proches les uns des autres. Ces règles permettent à chacun de profiter de son séjour.</p>`,
      list([
        `Arrivée à partir de ${h.checkIn}, départ jusqu'à ${h.checkOut}.`,
        `Heures calmes de ${h.quiet.from} à ${h.quiet.to}.`,
        'Il est interdit de fumer dans tout le bâtiment, balcons compris.',
        "Les visiteurs sont les bienvenus au salon jusqu'à 22 h ; seuls les hôtes enregistrés passent la nuit.",
        "Signalez tout dommage à la réception ; nous vous aiderons volontiers, et l'honnêteté limite les frais.",
      ]),
      '<p>Retrouvez le détail de chaque sujet dans les pages ci-dessous.</p>',
    ),
  }),
  es: (h) => ({
    title: 'Normas de la casa',
    slug: 'normas-de-la-casa',
    description: 'Unos pocos acuerdos para que todos duerman bien y se sientan en casa.',
    body: html(
      `<h2>Normas de la casa</h2><p>${h.name} es una casa pequeña en la que los huéspedes conviven de cerca. Estos acuerdos ayudan a que todos disfruten de su estancia.</p>`,
      list([
        `Entrada a partir de las ${h.checkIn}, salida hasta las ${h.checkOut}.`,
        `Horas de silencio de ${h.quiet.from} a ${h.quiet.to}.`,
        'No se fuma en ninguna parte del edificio, tampoco en los balcones.',
        'Las visitas son bienvenidas en el salón hasta las 22:00; solo los huéspedes registrados pasan la noche.',
        'Comunica cualquier desperfecto en recepción; te ayudaremos encantados, y la sinceridad abarata los costes.',
      ]),
      '<p>Encontrarás más sobre cada tema en las páginas de abajo.</p>',
    ),
  }),
};

const QUIET_HOURS: Texts = {
  en: (h) => ({
    title: 'Quiet hours',
    slug: 'quiet-hours',
    description: `From ${h.quiet.from} to ${h.quiet.to} the house is quiet.`,
    body: html(
      `<h2>Quiet hours</h2><p>Between <strong>${h.quiet.from}</strong> and <strong>${h.quiet.to}</strong> we ask you to keep voices, music and television low, and to close doors gently.</p>`,
      '<p>Earplugs and an extra blanket are free at reception. Is a neighbour too loud? Call reception, day or night, and we will take care of it discreetly.</p>',
    ),
  }),
  nl: (h) => ({
    title: 'Nachtrust',
    slug: 'nachtrust',
    description: `Van ${h.quiet.from} tot ${h.quiet.to} is het stil in huis.`,
    body: html(
      `<h2>Nachtrust</h2><p>Tussen <strong>${h.quiet.from}</strong> en <strong>${h.quiet.to}</strong> vragen we je om stemmen, muziek en televisie zacht te houden en deuren rustig te sluiten.</p>`,
      '<p>Oordopjes en een extra deken haal je gratis bij de receptie. Maken de buren te veel lawaai? Bel de receptie, dag en nacht, dan lossen wij het discreet op.</p>',
    ),
  }),
  de: (h) => ({
    title: 'Nachtruhe',
    slug: 'nachtruhe',
    description: `Von ${h.quiet.from} bis ${h.quiet.to} Uhr ist Ruhe im Haus.`,
    body: html(
      `<h2>Nachtruhe</h2><p>Zwischen <strong>${h.quiet.from}</strong> und <strong>${h.quiet.to} Uhr</strong> bitten wir Sie, Stimmen, Musik und Fernseher leise zu halten und Türen sanft zu schließen.</p>`,
      '<p>Ohrstöpsel und eine zusätzliche Decke erhalten Sie kostenlos an der Rezeption. Sind die Nachbarn zu laut? Rufen Sie die Rezeption an, Tag und Nacht, wir kümmern uns diskret darum.</p>',
    ),
  }),
  fr: (h) => ({
    title: 'Heures calmes',
    slug: 'heures-calmes',
    description: `De ${h.quiet.from} à ${h.quiet.to}, la maison se repose.`,
    body: html(
      `<h2>Heures calmes</h2><p>Entre <strong>${h.quiet.from}</strong> et <strong>${h.quiet.to}</strong>, merci de parler doucement, de baisser la musique et la télévision et de fermer les portes sans bruit.</p>`,
      "<p>Bouchons d'oreille et couverture supplémentaire sont offerts à la réception. Des voisins trop bruyants ? Appelez la réception, de jour comme de nuit, nous nous en occupons avec discrétion.</p>",
    ),
  }),
  es: (h) => ({
    title: 'Horas de silencio',
    slug: 'horas-de-silencio',
    description: `De ${h.quiet.from} a ${h.quiet.to} la casa descansa.`,
    body: html(
      `<h2>Horas de silencio</h2><p>Entre las <strong>${h.quiet.from}</strong> y las <strong>${h.quiet.to}</strong> te pedimos que hables en voz baja, bajes la música y la televisión y cierres las puertas con cuidado.</p>`,
      '<p>En recepción tienes tapones para los oídos y una manta extra sin coste. ¿Vecinos demasiado ruidosos? Llama a recepción, de día o de noche, y lo resolveremos con discreción.</p>',
    ),
  }),
};

const SMOKING_AND_PETS: Texts = {
  en: (h) => ({
    title: 'Smoking and pets',
    slug: 'smoking-and-pets',
    description: 'A smoke-free house; what to know when you travel with a dog.',
    body: html(
      '<h2>Smoking</h2><p>The whole building is smoke-free, including e-cigarettes. Smoking in a room costs a cleaning fee of €150, because the next guest deserves fresh air.</p>',
      '<h2>Pets</h2>',
      h.dogFee === undefined
        ? '<p>We cannot welcome pets, with the exception of assistance dogs, who are always welcome free of charge.</p>'
        : `<p>Well-behaved dogs are welcome for ${euro(h.dogFee, 'en')} per night, including a basket and bowls. Please do not leave your dog alone in the room and keep it off the beds.</p>`,
    ),
  }),
  nl: (h) => ({
    title: 'Roken en huisdieren',
    slug: 'roken-en-huisdieren',
    description: 'Een rookvrij huis; wat je moet weten als je met je hond reist.',
    body: html(
      '<h2>Roken</h2><p>Het hele gebouw is rookvrij, ook voor e-sigaretten. Voor roken op de kamer rekenen we € 150 schoonmaakkosten, want de volgende gast verdient frisse lucht.</p>',
      '<h2>Huisdieren</h2>',
      h.dogFee === undefined
        ? '<p>Huisdieren kunnen we helaas niet ontvangen, met uitzondering van hulphonden; die zijn altijd gratis welkom.</p>'
        : `<p>Goed opgevoede honden zijn welkom voor ${euro(h.dogFee, 'nl')} per nacht, inclusief mand en bakjes. Laat je hond niet alleen op de kamer en houd hem van de bedden.</p>`,
    ),
  }),
  de: (h) => ({
    title: 'Rauchen und Haustiere',
    slug: 'rauchen-und-haustiere',
    description: 'Ein rauchfreies Haus; was Sie wissen sollten, wenn Sie mit Hund reisen.',
    body: html(
      '<h2>Rauchen</h2><p>Das ganze Gebäude ist rauchfrei, auch für E-Zigaretten. Für das Rauchen im Zimmer berechnen wir eine Reinigungsgebühr von 150 €, denn der nächste Gast verdient frische Luft.</p>',
      '<h2>Haustiere</h2>',
      h.dogFee === undefined
        ? '<p>Haustiere können wir leider nicht aufnehmen, mit Ausnahme von Assistenzhunden, die immer kostenlos willkommen sind.</p>'
        : `<p>Gut erzogene Hunde sind für ${euro(h.dogFee, 'de')} pro Nacht willkommen, inklusive Körbchen und Näpfen. Bitte lassen Sie Ihren Hund nicht allein im Zimmer und halten Sie ihn von den Betten fern.</p>`,
    ),
  }),
  fr: (h) => ({
    title: 'Tabac et animaux',
    slug: 'tabac-et-animaux',
    description: 'Une maison non-fumeur ; ce qu’il faut savoir si vous voyagez avec un chien.',
    body: html(
      "<h2>Tabac</h2><p>Tout le bâtiment est non-fumeur, cigarette électronique comprise. Fumer dans une chambre entraîne des frais de nettoyage de 150 €, car l'hôte suivant mérite un air frais.</p>",
      '<h2>Animaux</h2>',
      h.dogFee === undefined
        ? "<p>Nous ne pouvons malheureusement pas accueillir d'animaux, à l'exception des chiens d'assistance, toujours les bienvenus gratuitement.</p>"
        : `<p>Les chiens bien élevés sont les bienvenus pour ${euro(h.dogFee, 'fr')} par nuit, panier et gamelles compris. Ne laissez pas votre chien seul dans la chambre et gardez-le hors des lits.</p>`,
    ),
  }),
  es: (h) => ({
    title: 'Tabaco y mascotas',
    slug: 'tabaco-y-mascotas',
    description: 'Una casa sin humo; lo que debes saber si viajas con tu perro.',
    body: html(
      '<h2>Tabaco</h2><p>Todo el edificio es libre de humo, también para cigarrillos electrónicos. Fumar en la habitación supone un cargo de limpieza de 150 €, porque el siguiente huésped merece aire limpio.</p>',
      '<h2>Mascotas</h2>',
      h.dogFee === undefined
        ? '<p>Lamentablemente no podemos alojar mascotas, salvo perros de asistencia, que siempre son bienvenidos sin coste.</p>'
        : `<p>Los perros educados son bienvenidos por ${euro(h.dogFee, 'es')} por noche, con cesta y cuencos incluidos. No dejes a tu perro solo en la habitación y mantenlo fuera de las camas.</p>`,
    ),
  }),
};

const WIFI: Texts = {
  en: (h) => ({
    title: 'Wi-Fi',
    slug: 'wifi',
    description: 'Free, fast Wi-Fi in every room and in the lounge.',
    body: html(
      '<h2>Connect in three steps</h2>',
      `<ol><li>Choose the network <strong>${h.wifi.network}</strong>.</li><li>Enter the password <strong>${h.wifi.password}</strong>.</li><li>Accept the terms on the page that opens.</li></ol>`,
      '<p>Video calls work best near the window. Still no connection? Switch Wi-Fi off and on again, or call reception.</p>',
    ),
  }),
  nl: (h) => ({
    title: 'Wifi',
    slug: 'wifi',
    description: 'Gratis, snelle wifi op elke kamer en in de lounge.',
    body: html(
      '<h2>Verbinden in drie stappen</h2>',
      `<ol><li>Kies het netwerk <strong>${h.wifi.network}</strong>.</li><li>Vul het wachtwoord <strong>${h.wifi.password}</strong> in.</li><li>Accepteer de voorwaarden op de pagina die opent.</li></ol>`,
      '<p>Videobellen gaat het best bij het raam. Nog steeds geen verbinding? Zet wifi uit en weer aan, of bel de receptie.</p>',
    ),
  }),
  de: (h) => ({
    title: 'WLAN',
    slug: 'wlan',
    description: 'Kostenloses, schnelles WLAN in allen Zimmern und in der Lounge.',
    body: html(
      '<h2>In drei Schritten online</h2>',
      `<ol><li>Wählen Sie das Netzwerk <strong>${h.wifi.network}</strong>.</li><li>Geben Sie das Passwort <strong>${h.wifi.password}</strong> ein.</li><li>Bestätigen Sie die Bedingungen auf der Seite, die sich öffnet.</li></ol>`,
      '<p>Videoanrufe klappen am besten am Fenster. Immer noch keine Verbindung? Schalten Sie das WLAN aus und wieder ein, oder rufen Sie die Rezeption an.</p>',
    ),
  }),
  fr: (h) => ({
    title: 'Wi-Fi',
    slug: 'wifi',
    description: 'Wi-Fi gratuit et rapide dans toutes les chambres et au salon.',
    body: html(
      '<h2>Se connecter en trois étapes</h2>',
      `<ol><li>Choisissez le réseau <strong>${h.wifi.network}</strong>.</li><li>Saisissez le mot de passe <strong>${h.wifi.password}</strong>.</li><li>Acceptez les conditions sur la page qui s'ouvre.</li></ol>`,
      '<p>Les appels vidéo passent mieux près de la fenêtre. Toujours pas de connexion ? Désactivez puis réactivez le Wi-Fi, ou appelez la réception.</p>',
    ),
  }),
  es: (h) => ({
    title: 'Wifi',
    slug: 'wifi',
    description: 'Wifi gratis y rápido en todas las habitaciones y en el salón.',
    body: html(
      '<h2>Conéctate en tres pasos</h2>',
      `<ol><li>Elige la red <strong>${h.wifi.network}</strong>.</li><li>Introduce la contraseña <strong>${h.wifi.password}</strong>.</li><li>Acepta las condiciones en la página que se abre.</li></ol>`,
      '<p>Las videollamadas funcionan mejor junto a la ventana. ¿Sigues sin conexión? Apaga y vuelve a encender el wifi, o llama a recepción.</p>',
    ),
  }),
};

const CHECK_OUT: Texts = {
  en: (h) => ({
    title: 'Check-out',
    slug: 'check-out',
    description: `Check-out is until ${h.checkOut}; late check-out on request.`,
    body: html(
      `<h2>Before you go</h2><p>Check-out is until <strong>${h.checkOut}</strong>. Leave your key card in the box at reception; your bill is sent by email.</p>`,
      list([
        `Late check-out until ${h.lateCheckOut} costs ${euro(h.lateFee, 'en')}, when the room is free. Ask the evening before.`,
        'Your luggage can stay with us for free for the rest of the day.',
        'We are happy to book a taxi or tell you the quickest way to the station.',
      ]),
      '<p>Thank you for staying with us. We would love to read about your stay in a review.</p>',
    ),
  }),
  nl: (h) => ({
    title: 'Uitchecken',
    slug: 'uitchecken',
    description: `Uitchecken kan tot ${h.checkOut}; later uitchecken op aanvraag.`,
    body: html(
      `<h2>Voordat je vertrekt</h2><p>Uitchecken kan tot <strong>${h.checkOut}</strong>. Laat je sleutelkaart achter in de bak bij de receptie; de rekening sturen we per e-mail.</p>`,
      list([
        `Laat uitchecken tot ${h.lateCheckOut} kost ${euro(h.lateFee, 'nl')}, als de kamer vrij is. Vraag het de avond ervoor.`,
        'Je bagage mag de rest van de dag gratis bij ons blijven.',
        'We bestellen graag een taxi of vertellen je de snelste weg naar het station.',
      ]),
      '<p>Bedankt voor je verblijf. We lezen graag hoe je het vond in een review.</p>',
    ),
  }),
  de: (h) => ({
    title: 'Abreise',
    slug: 'abreise',
    description: `Check-out bis ${h.checkOut} Uhr; späterer Check-out auf Anfrage.`,
    body: html(
      `<h2>Bevor Sie abreisen</h2><p>Check-out ist bis <strong>${h.checkOut} Uhr</strong>. Legen Sie Ihre Schlüsselkarte in die Box an der Rezeption; die Rechnung schicken wir per E-Mail.</p>`,
      list([
        `Ein später Check-out bis ${h.lateCheckOut} Uhr kostet ${euro(h.lateFee, 'de')}, wenn das Zimmer frei ist. Fragen Sie am Vorabend.`,
        'Ihr Gepäck kann den Rest des Tages kostenlos bei uns bleiben.',
        'Gern bestellen wir ein Taxi oder beschreiben Ihnen den schnellsten Weg zum Bahnhof.',
      ]),
      '<p>Danke, dass Sie bei uns waren. Wir freuen uns über eine Bewertung Ihres Aufenthalts.</p>',
    ),
  }),
  fr: (h) => ({
    title: 'Départ',
    slug: 'depart',
    description: `Départ jusqu'à ${h.checkOut} ; départ tardif sur demande.`,
    body: html(
      `<h2>Avant de partir</h2><p>Le départ se fait jusqu'à <strong>${h.checkOut}</strong>. Déposez votre carte-clé dans la boîte de la réception ; la facture vous est envoyée par e-mail.</p>`,
      list([
        `Un départ tardif jusqu'à ${h.lateCheckOut} coûte ${euro(h.lateFee, 'fr')}, si la chambre est libre. Demandez-le la veille.`,
        'Vos bagages peuvent rester gratuitement chez nous le reste de la journée.',
        'Nous réservons volontiers un taxi ou vous indiquons le chemin le plus rapide vers la gare.',
      ]),
      '<p>Merci de votre séjour. Nous serions ravis de lire votre avis.</p>',
    ),
  }),
  es: (h) => ({
    title: 'Salida',
    slug: 'salida',
    description: `La salida es hasta las ${h.checkOut}; salida tardía bajo petición.`,
    body: html(
      `<h2>Antes de irte</h2><p>La salida es hasta las <strong>${h.checkOut}</strong>. Deja tu tarjeta en el buzón de recepción; te enviamos la factura por correo electrónico.</p>`,
      list([
        `La salida tardía hasta las ${h.lateCheckOut} cuesta ${euro(h.lateFee, 'es')}, si la habitación está libre. Pídela la noche anterior.`,
        'Tu equipaje puede quedarse gratis con nosotros el resto del día.',
        'Te pedimos un taxi encantados o te contamos el camino más rápido a la estación.',
      ]),
      '<p>Gracias por alojarte con nosotros. Nos encantará leer tu opinión.</p>',
    ),
  }),
};

// ---------------------------------------------------------------------------------------------
// Canal House Amsterdam (nl, en, de)

const AMSTERDAM_RESTAURANT: Texts = {
  nl: () => ({
    title: 'Restaurant Keuken 148',
    slug: 'restaurant',
    description:
      'Seizoensgebonden Hollandse keuken aan de gracht, van dinsdag tot en met zaterdag.',
    body: html(
      '<h2>Keuken 148</h2><p>In ons souterrain koken we met wat Nederlandse boeren en vissers die week brengen: Noordzeevis, groenten uit de Beemster en kaas van de markt op het Noordermarkt.</p>',
      '<h3>Openingstijden</h3>',
      list(['Dinsdag tot en met zaterdag, 18:00–22:00', 'Zondag en maandag gesloten']),
      `<p>Het driegangenmenu kost ${euro(45, 'nl')}; met bijpassende wijnen ${euro(72, 'nl')}. Reserveer bij de receptie, dan houden we een tafel bij het raam voor je vrij.</p>`,
    ),
  }),
  en: () => ({
    title: 'Restaurant Keuken 148',
    slug: 'restaurant',
    description: 'Seasonal Dutch cooking by the canal, Tuesday to Saturday.',
    body: html(
      '<h2>Keuken 148</h2><p>In our lower ground floor we cook with what Dutch farmers and fishermen bring that week: North Sea fish, vegetables from the Beemster and cheese from the Noordermarkt.</p>',
      '<h3>Opening hours</h3>',
      list(['Tuesday to Saturday, 18:00–22:00', 'Closed on Sunday and Monday']),
      `<p>The three-course menu is ${euro(45, 'en')}; with matching wines ${euro(72, 'en')}. Book at reception and we will keep a table by the window for you.</p>`,
    ),
  }),
  de: () => ({
    title: 'Restaurant Keuken 148',
    slug: 'restaurant',
    description: 'Saisonale niederländische Küche an der Gracht, Dienstag bis Samstag.',
    body: html(
      '<h2>Keuken 148</h2><p>In unserem Untergeschoss kochen wir mit dem, was niederländische Bauern und Fischer in der Woche bringen: Nordseefisch, Gemüse aus der Beemster und Käse vom Noordermarkt.</p>',
      '<h3>Öffnungszeiten</h3>',
      list(['Dienstag bis Samstag, 18:00–22:00 Uhr', 'Sonntag und Montag geschlossen']),
      `<p>Das Drei-Gänge-Menü kostet ${euro(45, 'de')}, mit passenden Weinen ${euro(72, 'de')}. Reservieren Sie an der Rezeption, dann halten wir einen Tisch am Fenster für Sie frei.</p>`,
    ),
  }),
};

const AMSTERDAM_STAIRS: Texts = {
  nl: () => ({
    title: 'Onze trappen',
    slug: 'trappen',
    description: 'Een grachtenpand uit 1672 heeft steile trappen en geen lift.',
    body: html(
      '<h2>Steil en smal</h2><p>Ons pand is gebouwd in 1672 en heeft de steile trappen die daarbij horen. Een lift is er niet.</p>',
      list([
        'Houd de leuning vast en loop met je gezicht naar de trap als je naar beneden gaat.',
        'Wij dragen je bagage graag naar boven en weer naar beneden.',
        'Liever niet klimmen? Vraag bij het boeken om een kamer op de begane grond.',
      ]),
    ),
  }),
  en: () => ({
    title: 'Our stairs',
    slug: 'stairs',
    description: 'A canal house from 1672 has steep stairs and no lift.',
    body: html(
      '<h2>Steep and narrow</h2><p>Our house was built in 1672 and has the steep stairs that come with it. There is no lift.</p>',
      list([
        'Hold the handrail and face the stairs when you go down.',
        'We are happy to carry your luggage up and down for you.',
        'Would you rather not climb? Ask for a room on the ground floor when you book.',
      ]),
    ),
  }),
  de: () => ({
    title: 'Unsere Treppen',
    slug: 'treppen',
    description: 'Ein Grachtenhaus von 1672 hat steile Treppen und keinen Aufzug.',
    body: html(
      '<h2>Steil und schmal</h2><p>Unser Haus wurde 1672 gebaut und hat die steilen Treppen, die dazugehören. Einen Aufzug gibt es nicht.</p>',
      list([
        'Halten Sie sich am Handlauf fest und gehen Sie rückwärts nach unten.',
        'Wir tragen Ihr Gepäck gern nach oben und wieder hinunter.',
        'Lieber nicht klettern? Fragen Sie bei der Buchung nach einem Zimmer im Erdgeschoss.',
      ]),
    ),
  }),
};

const AMSTERDAM_BIKES: Texts = {
  nl: () => ({
    title: 'Fietsen huren',
    slug: 'fietsen',
    description: 'Ontdek de stad zoals Amsterdammers dat doen.',
    body: html(
      `<h2>Op de fiets</h2><p>We hebben zes stadsfietsen met slot en licht, voor ${euro(15, 'nl')} per dag. Reserveren kan bij de receptie.</p>`,
      list([
        'Fiets rechts en steek je hand uit als je afslaat.',
        'Zet de fiets altijd op slot, ook voor even.',
        'Pas op voor tramrails: steek ze haaks over.',
      ]),
    ),
  }),
  en: () => ({
    title: 'Bike rental',
    slug: 'bikes',
    description: 'Discover the city the way Amsterdammers do.',
    body: html(
      `<h2>By bike</h2><p>We have six city bikes with a lock and lights, for ${euro(15, 'en')} per day. Book them at reception.</p>`,
      list([
        'Keep to the right and signal with your hand before you turn.',
        'Always lock your bike, even for a moment.',
        'Watch out for tram rails: cross them at a right angle.',
      ]),
    ),
  }),
  de: () => ({
    title: 'Fahrradverleih',
    slug: 'fahrraeder',
    description: 'Entdecken Sie die Stadt wie die Amsterdamer.',
    body: html(
      `<h2>Mit dem Rad</h2><p>Wir haben sechs Stadträder mit Schloss und Licht, für ${euro(15, 'de')} pro Tag. Reservieren Sie an der Rezeption.</p>`,
      list([
        'Fahren Sie rechts und geben Sie vor dem Abbiegen Handzeichen.',
        'Schließen Sie das Rad immer ab, auch nur für einen Moment.',
        'Vorsicht bei Straßenbahnschienen: Überqueren Sie sie im rechten Winkel.',
      ]),
    ),
  }),
};

const AMSTERDAM: Hotel = {
  name: 'Canal House Amsterdam',
  street: 'Keizersgracht 148',
  city: '1015 CX Amsterdam',
  phone: '+31 20 624 1187',
  email: 'welkom@canalhouseamsterdam.nl',
  website: 'https://www.canalhouseamsterdam.nl',
  primary: '#1f4e79',
  paper: '#f8f5ef',
  ink: '#1a2a3a',
  checkIn: '15:00',
  checkOut: '11:00',
  lateCheckOut: '13:00',
  lateFee: 25,
  breakfast: {
    weekdays: '07:00–10:30',
    weekends: '07:30–11:00',
    price: 19.5,
    room: { nl: 'tuinkamer', en: 'garden room', de: 'Gartenzimmer' },
  },
  quiet: { from: '22:00', to: '08:00' },
  dogFee: 15,
  wifi: { network: 'CanalHouse-Guests', password: 'keizersgracht148' },
  map: { bbox: [4.8795, 52.3725, 4.8935, 52.3795], marker: [52.3762, 4.886] },
  spa: {
    hours: '09:00–21:00',
    place: { nl: 'In de behandelkamer', en: 'In the treatment room', de: 'Im Behandlungsraum' },
    sections: [
      {
        heading: 'massages',
        treatments: [
          { name: TREATMENTS.relax, minutes: 60, price: 85 },
          { name: TREATMENTS.backAndNeck, minutes: 30, price: 50 },
          { name: TREATMENTS.hotStone, minutes: 75, price: 105 },
        ],
      },
      {
        heading: 'face',
        treatments: [
          { name: TREATMENTS.facial, minutes: 45, price: 70 },
          { name: TREATMENTS.feet, minutes: 30, price: 45 },
        ],
      },
      { heading: 'water', treatments: [{ name: TREATMENTS.privateSauna, minutes: 45, price: 35 }] },
    ],
  },
  intro: {
    nl: 'Fijn dat je er bent! Ons grachtenpand uit 1672 heeft twintig kamers, een stille tuin en uitzicht op de Keizersgracht. Hier vind je alles wat je nodig hebt tijdens je verblijf.',
    en: 'We are glad you are here! Our canal house from 1672 has twenty rooms, a quiet garden and a view of the Keizersgracht. Here you will find everything you need during your stay.',
    de: 'Schön, dass Sie da sind! Unser Grachtenhaus von 1672 hat zwanzig Zimmer, einen ruhigen Garten und Blick auf die Keizersgracht. Hier finden Sie alles, was Sie während Ihres Aufenthalts brauchen.',
  },
  tips: {
    nl: [
      'Wandel door de Negen Straatjes voor kleine winkels en koffiebars.',
      'Het Anne Frank Huis ligt op vijf minuten lopen; boek je tickets online.',
      'Op zaterdag is er de Noordermarkt met kaas, brood en tweedehands spullen.',
    ],
    en: [
      'Stroll through the Nine Streets for small shops and coffee bars.',
      'The Anne Frank House is a five-minute walk away; book your tickets online.',
      'On Saturdays the Noordermarkt sells cheese, bread and second-hand treasures.',
    ],
    de: [
      'Bummeln Sie durch die Neun Straßen mit kleinen Läden und Cafés.',
      'Das Anne Frank Haus ist fünf Gehminuten entfernt; buchen Sie Ihre Tickets online.',
      'Samstags gibt es auf dem Noordermarkt Käse, Brot und Flohmarktschätze.',
    ],
  },
  pages: [
    {
      key: 'welcome',
      type: 'content',
      template: 'rows',
      texts: WELCOME,
      cover: 'welcome',
      font: 'playfair-display',
    },
    {
      key: 'breakfast',
      type: 'content',
      template: 'masonry',
      texts: BREAKFAST,
      cover: 'breakfast',
      font: 'lora',
      background: 'paper',
    },
    {
      key: 'restaurant',
      type: 'content',
      template: 'rows',
      texts: AMSTERDAM_RESTAURANT,
      cover: 'dining',
      font: 'playfair-display',
    },
    {
      key: 'spa-menu',
      type: 'pdf',
      template: 'bubbles',
      texts: SPA_MENU,
      cover: 'spa',
      font: 'public-sans',
    },
    { key: 'map', type: 'iframe', template: 'rows', texts: MAP, cover: 'map', font: 'public-sans' },
    {
      key: 'house-rules',
      type: 'content',
      template: 'vertical',
      texts: HOUSE_RULES,
      cover: 'rules',
      font: 'merriweather',
      background: 'paper',
    },
    {
      key: 'quiet-hours',
      type: 'content',
      template: 'rows',
      texts: QUIET_HOURS,
      parent: 'house-rules',
      cover: 'night',
      font: 'merriweather',
    },
    {
      key: 'smoking-and-pets',
      type: 'content',
      template: 'rows',
      texts: SMOKING_AND_PETS,
      parent: 'house-rules',
      cover: 'leaf',
      font: 'merriweather',
    },
    {
      key: 'stairs',
      type: 'content',
      template: 'rows',
      texts: AMSTERDAM_STAIRS,
      parent: 'house-rules',
      cover: 'stairs',
      font: 'merriweather',
    },
    {
      key: 'wifi',
      type: 'content',
      template: 'bubbles',
      texts: WIFI,
      cover: 'wifi',
      font: 'public-sans',
    },
    {
      key: 'check-out',
      type: 'content',
      template: 'vertical',
      texts: CHECK_OUT,
      cover: 'departure',
      font: 'lora',
      background: 'paper',
    },
    {
      key: 'bikes',
      type: 'content',
      template: 'masonry',
      texts: AMSTERDAM_BIKES,
      cover: 'bikes',
      font: 'public-sans',
      draft: true,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Spree Loft Berlin (de, en)

const BERLIN_BAR: Texts = {
  de: () => ({
    title: 'Loftbar',
    slug: 'bar',
    description: 'Berliner Craft-Bier, Gin und kleine Teller im alten Fabrikhof.',
    body: html(
      '<h2>Die Loftbar</h2><p>Im Hof der ehemaligen Fabrik schenken wir Bier aus Berliner Brauereien, Gin aus Brandenburg und gute Weine aus der Pfalz aus. Dazu gibt es kleine Teller: Brezeln, Käse aus der Markthalle und Buletten nach Omas Rezept.</p>',
      '<h3>Öffnungszeiten</h3>',
      list([
        'Täglich 17:00–01:00 Uhr',
        'Happy Hour von 17 bis 19 Uhr: jedes zweite Bier geht aufs Haus',
      ]),
      '<p>Getränke können Sie auf Ihre Zimmerrechnung schreiben lassen.</p>',
    ),
  }),
  en: () => ({
    title: 'Loft Bar',
    slug: 'bar',
    description: 'Berlin craft beer, gin and small plates in the old factory courtyard.',
    body: html(
      '<h2>The Loft Bar</h2><p>In the courtyard of the former factory we pour beer from Berlin breweries, gin from Brandenburg and good wines from the Palatinate. With it come small plates: pretzels, cheese from the market hall and meatballs to grandma’s recipe.</p>',
      '<h3>Opening hours</h3>',
      list([
        'Daily 17:00–01:00',
        'Happy hour from 17:00 to 19:00: every second beer is on the house',
      ]),
      '<p>Drinks can be charged to your room.</p>',
    ),
  }),
};

const BERLIN_WINTER: Texts = {
  de: () => ({
    title: 'Winterangebot',
    slug: 'winterangebot',
    description: 'Drei Nächte bleiben, zwei bezahlen – mit Sauna und Glühwein.',
    body: html(
      '<h2>Winter in Mitte</h2><p>Von November bis Februar: drei Nächte bleiben, zwei bezahlen. Inklusive Saunazugang und einem Glühwein in der Loftbar pro Abend.</p>',
      `<p>Buchbar über ${link('https://www.spreeloft-berlin.de/winter', 'unsere Website')} mit dem Code WINTER3.</p>`,
    ),
  }),
  en: () => ({
    title: 'Winter offer',
    slug: 'winter-offer',
    description: 'Stay three nights, pay for two – with sauna and mulled wine.',
    body: html(
      '<h2>Winter in Mitte</h2><p>From November to February: stay three nights, pay for two. Including sauna access and a mulled wine in the Loft Bar every evening.</p>',
      `<p>Book on ${link('https://www.spreeloft-berlin.de/winter', 'our website')} with the code WINTER3.</p>`,
    ),
  }),
};

const BERLIN: Hotel = {
  name: 'Spree Loft Berlin',
  street: 'Oranienburger Straße 32',
  city: '10117 Berlin',
  phone: '+49 30 2758 4410',
  email: 'hallo@spreeloft-berlin.de',
  website: 'https://www.spreeloft-berlin.de',
  primary: '#2e3440',
  paper: '#f4f1ee',
  ink: '#2e3440',
  checkIn: '15:00',
  checkOut: '12:00',
  lateCheckOut: '14:00',
  lateFee: 30,
  breakfast: {
    weekdays: '06:30–10:30',
    weekends: '07:30–11:30',
    price: 22,
    room: { de: 'Fabriksaal', en: 'factory hall' },
  },
  quiet: { from: '22:00', to: '07:00' },
  dogFee: 20,
  wifi: { network: 'SpreeLoft-Gast', password: 'oranienburger32' },
  map: { bbox: [13.388, 52.5205, 13.404, 52.529], marker: [52.5247, 13.3958] },
  spa: {
    hours: '07:00–22:00',
    place: { de: 'Sauna im Dachgeschoss', en: 'Sauna on the top floor' },
    sections: [
      {
        heading: 'water',
        treatments: [
          { name: TREATMENTS.saunaPass, minutes: 180, price: 18 },
          { name: TREATMENTS.privateSauna, minutes: 60, price: 40 },
        ],
      },
      {
        heading: 'massages',
        treatments: [
          { name: TREATMENTS.backAndNeck, minutes: 30, price: 45 },
          { name: TREATMENTS.relax, minutes: 60, price: 79 },
        ],
      },
    ],
  },
  intro: {
    de: 'Willkommen in Mitte! Unsere Lofts liegen in einer Fabrik von 1889, wenige Schritte von der Museumsinsel und der Spree. Hier finden Sie alles für Ihren Aufenthalt.',
    en: 'Welcome to Mitte! Our lofts are in a factory from 1889, a few steps from Museum Island and the Spree. Here you will find everything for your stay.',
  },
  tips: {
    de: [
      'Die Museumsinsel erreichen Sie in zehn Minuten zu Fuß.',
      'Die Hackeschen Höfe mit Kino, Läden und Cafés liegen gleich um die Ecke.',
      'Sonntags lohnt der Flohmarkt im Mauerpark, zwei Stationen mit der Tram M1.',
    ],
    en: [
      'Museum Island is a ten-minute walk away.',
      'The Hackesche Höfe with a cinema, shops and cafés are just around the corner.',
      'On Sundays, visit the flea market in Mauerpark, two stops on tram M1.',
    ],
  },
  pages: [
    {
      key: 'welcome',
      type: 'content',
      template: 'masonry',
      texts: WELCOME,
      cover: 'welcome',
      font: 'public-sans',
    },
    {
      key: 'breakfast',
      type: 'content',
      template: 'rows',
      texts: BREAKFAST,
      cover: 'breakfast',
      font: 'public-sans',
      background: 'paper',
    },
    {
      key: 'bar',
      type: 'content',
      template: 'rows',
      texts: BERLIN_BAR,
      cover: 'night',
      font: 'playfair-display',
    },
    {
      key: 'spa-menu',
      type: 'pdf',
      template: 'bubbles',
      texts: SPA_MENU,
      cover: 'spa',
      font: 'public-sans',
    },
    { key: 'map', type: 'iframe', template: 'rows', texts: MAP, cover: 'map', font: 'public-sans' },
    {
      key: 'house-rules',
      type: 'content',
      template: 'vertical',
      texts: HOUSE_RULES,
      cover: 'rules',
      font: 'merriweather',
    },
    {
      key: 'quiet-hours',
      type: 'content',
      template: 'rows',
      texts: QUIET_HOURS,
      parent: 'house-rules',
      cover: 'night',
      font: 'merriweather',
    },
    {
      key: 'smoking-and-pets',
      type: 'content',
      template: 'rows',
      texts: SMOKING_AND_PETS,
      parent: 'house-rules',
      cover: 'leaf',
      font: 'merriweather',
    },
    {
      key: 'wifi',
      type: 'content',
      template: 'bubbles',
      texts: WIFI,
      cover: 'wifi',
      font: 'public-sans',
    },
    {
      key: 'check-out',
      type: 'content',
      template: 'vertical',
      texts: CHECK_OUT,
      cover: 'departure',
      font: 'public-sans',
      background: 'paper',
    },
    {
      key: 'winter-offer',
      type: 'content',
      template: 'rows',
      texts: BERLIN_WINTER,
      cover: 'night',
      font: 'lora',
      draft: true,
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Casa Alameda Madrid (es, en, fr)

const MADRID_RESTAURANT: Texts = {
  es: () => ({
    title: 'Taberna Alameda',
    slug: 'restaurante',
    description: 'Tapas de mercado, menú del día y vinos de Madrid en la planta baja.',
    body: html(
      '<h2>Taberna Alameda</h2><p>Cocina de mercado con producto del Mercado de Antón Martín: croquetas caseras, tortilla jugosa, verduras a la brasa y pescado del día. Los vinos son de la Sierra de Gredos y de Arganda.</p>',
      '<h3>Horario</h3>',
      list([
        `Menú del día de lunes a viernes, 13:00–16:00: ${euro(18, 'es')}`,
        'Cenas de martes a sábado, 20:00–23:30',
      ]),
      '<p>Reserva en recepción; los huéspedes tienen prioridad en la terraza interior.</p>',
    ),
  }),
  en: () => ({
    title: 'Taberna Alameda',
    slug: 'restaurant',
    description: 'Market tapas, a set lunch and Madrid wines on the ground floor.',
    body: html(
      '<h2>Taberna Alameda</h2><p>Market cooking with produce from the Antón Martín market: homemade croquetas, a runny tortilla, grilled vegetables and the catch of the day. The wines come from the Sierra de Gredos and Arganda.</p>',
      '<h3>Opening hours</h3>',
      list([
        `Set lunch Monday to Friday, 13:00–16:00: ${euro(18, 'en')}`,
        'Dinner Tuesday to Saturday, 20:00–23:30',
      ]),
      '<p>Book at reception; hotel guests get priority in the inner courtyard.</p>',
    ),
  }),
  fr: () => ({
    title: 'Taberna Alameda',
    slug: 'restaurant',
    description: 'Tapas du marché, menu du jour et vins de Madrid au rez-de-chaussée.',
    body: html(
      "<h2>Taberna Alameda</h2><p>Une cuisine du marché avec les produits du marché d'Antón Martín : croquetas maison, tortilla fondante, légumes grillés et poisson du jour. Les vins viennent de la Sierra de Gredos et d'Arganda.</p>",
      '<h3>Horaires</h3>',
      list([
        `Menu du jour du lundi au vendredi, 13 h–16 h : ${euro(18, 'fr')}`,
        'Dîner du mardi au samedi, 20 h–23 h 30',
      ]),
      '<p>Réservez à la réception ; les hôtes de la maison sont prioritaires dans le patio.</p>',
    ),
  }),
};

const MADRID_TERRACE: Texts = {
  es: () => ({
    title: 'Azotea',
    slug: 'azotea',
    description: 'Vistas a los tejados del Barrio de las Letras al atardecer.',
    body: html(
      '<h2>Nuestra azotea</h2><p>Sube a la sexta planta para ver los tejados del Barrio de las Letras. Abierta de abril a octubre, de 18:00 a 23:00, con vermú, cañas y algo para picar.</p>',
      '<p>En días de mucho calor la cerramos a mediodía; pregunta en recepción.</p>',
    ),
  }),
  en: () => ({
    title: 'Rooftop terrace',
    slug: 'rooftop-terrace',
    description: 'Sunset views over the rooftops of the Barrio de las Letras.',
    body: html(
      '<h2>Our rooftop</h2><p>Go up to the sixth floor to see the rooftops of the Barrio de las Letras. Open from April to October, from 18:00 to 23:00, with vermouth, beer and something to nibble.</p>',
      '<p>On very hot days we close it at midday; ask at reception.</p>',
    ),
  }),
  fr: () => ({
    title: 'Terrasse sur le toit',
    slug: 'terrasse',
    description: 'Les toits du Barrio de las Letras au coucher du soleil.',
    body: html(
      "<h2>Notre terrasse</h2><p>Montez au sixième étage pour admirer les toits du Barrio de las Letras. Ouverte d'avril à octobre, de 18 h à 23 h, avec vermouth, bière et de quoi grignoter.</p>",
      '<p>Par forte chaleur, nous la fermons à midi ; renseignez-vous à la réception.</p>',
    ),
  }),
};

const MADRID_CHILDREN: Texts = {
  es: () => ({
    title: 'Niños',
    slug: 'ninos',
    description: 'Cunas, tronas y lo que necesitan los más pequeños.',
    body: html(
      '<h2>Viajar con niños</h2>',
      list([
        'Cunas y tronas gratis; pídelas al reservar.',
        'Los niños menores de 4 años se alojan gratis en la habitación de sus padres.',
        'En recepción tenemos juegos de mesa y cuentos en varios idiomas.',
      ]),
    ),
  }),
  en: () => ({
    title: 'Children',
    slug: 'children',
    description: 'Cots, high chairs and what little ones need.',
    body: html(
      '<h2>Travelling with children</h2>',
      list([
        'Cots and high chairs are free; ask for them when you book.',
        'Children under 4 stay free in their parents’ room.',
        'Reception has board games and storybooks in several languages.',
      ]),
    ),
  }),
  fr: () => ({
    title: 'Enfants',
    slug: 'enfants',
    description: 'Lits bébé, chaises hautes et tout ce qu’il faut aux petits.',
    body: html(
      '<h2>Voyager avec des enfants</h2>',
      list([
        'Lits bébé et chaises hautes gratuits ; demandez-les à la réservation.',
        'Les enfants de moins de 4 ans séjournent gratuitement dans la chambre de leurs parents.',
        'La réception prête des jeux de société et des livres pour enfants en plusieurs langues.',
      ]),
    ),
  }),
};

const MADRID: Hotel = {
  name: 'Casa Alameda Madrid',
  street: 'Calle de las Huertas 21',
  city: '28014 Madrid',
  phone: '+34 915 22 48 37',
  email: 'hola@casaalamedamadrid.es',
  website: 'https://www.casaalamedamadrid.es',
  primary: '#b23a48',
  paper: '#fbf6ea',
  ink: '#3b1f24',
  checkIn: '14:00',
  checkOut: '12:00',
  lateCheckOut: '15:00',
  lateFee: 30,
  breakfast: {
    weekdays: '08:00–11:00',
    weekends: '08:30–11:30',
    price: 16,
    room: { es: 'el patio', en: 'courtyard', fr: 'le patio' },
  },
  quiet: { from: '23:00', to: '08:00' },
  wifi: { network: 'CasaAlameda-Huespedes', password: 'huertas21madrid' },
  map: { bbox: [-3.7065, 40.41, -3.691, 40.4185], marker: [40.4143, -3.6987] },
  spa: {
    hours: '10:00–21:00',
    place: { es: 'En el sótano', en: 'In the basement', fr: 'Au sous-sol' },
    sections: [
      { heading: 'water', treatments: [{ name: TREATMENTS.waterCircuit, minutes: 90, price: 25 }] },
      {
        heading: 'massages',
        treatments: [
          { name: TREATMENTS.relax, minutes: 50, price: 70 },
          { name: TREATMENTS.hotStone, minutes: 80, price: 95 },
        ],
      },
      {
        heading: 'face',
        treatments: [
          { name: TREATMENTS.facial, minutes: 50, price: 65 },
          { name: TREATMENTS.feet, minutes: 25, price: 35 },
        ],
      },
    ],
  },
  intro: {
    es: '¡Qué alegría tenerte aquí! Somos un hotel familiar en el Barrio de las Letras, a un paseo del Prado. Aquí encontrarás todo lo que necesitas durante tu estancia.',
    en: 'We are delighted to have you here! We are a family-run hotel in the Barrio de las Letras, a short walk from the Prado. Here you will find everything you need during your stay.',
    fr: 'Quel plaisir de vous accueillir ! Nous sommes un hôtel familial du Barrio de las Letras, à deux pas du Prado. Vous trouverez ici tout ce qu’il vous faut pendant votre séjour.',
  },
  tips: {
    es: [
      'El Museo del Prado tiene entrada gratuita las dos últimas horas del día.',
      'Por la noche, flamenco en directo en el Tablao Villa Rosa, en la Plaza de Santa Ana.',
      'Los domingos por la mañana, El Rastro a quince minutos a pie.',
    ],
    en: [
      'The Prado Museum is free during the last two hours of the day.',
      'In the evening, live flamenco at Tablao Villa Rosa on the Plaza de Santa Ana.',
      'On Sunday mornings, El Rastro flea market is a fifteen-minute walk away.',
    ],
    fr: [
      'Le musée du Prado est gratuit les deux dernières heures de la journée.',
      'Le soir, flamenco en direct au Tablao Villa Rosa, sur la Plaza de Santa Ana.',
      'Le dimanche matin, le marché aux puces El Rastro est à quinze minutes à pied.',
    ],
  },
  pages: [
    {
      key: 'welcome',
      type: 'content',
      template: 'bubbles',
      texts: WELCOME,
      cover: 'welcome',
      font: 'lora',
      background: 'paper',
    },
    {
      key: 'breakfast',
      type: 'content',
      template: 'masonry',
      texts: BREAKFAST,
      cover: 'breakfast',
      font: 'lora',
    },
    {
      key: 'restaurant',
      type: 'content',
      template: 'rows',
      texts: MADRID_RESTAURANT,
      cover: 'dining',
      font: 'playfair-display',
    },
    {
      key: 'terrace',
      type: 'content',
      template: 'masonry',
      texts: MADRID_TERRACE,
      cover: 'terrace',
      font: 'playfair-display',
    },
    {
      key: 'spa-menu',
      type: 'pdf',
      template: 'bubbles',
      texts: SPA_MENU,
      cover: 'spa',
      font: 'public-sans',
    },
    { key: 'map', type: 'iframe', template: 'rows', texts: MAP, cover: 'map', font: 'public-sans' },
    {
      key: 'house-rules',
      type: 'content',
      template: 'vertical',
      texts: HOUSE_RULES,
      cover: 'rules',
      font: 'merriweather',
      background: 'paper',
    },
    {
      key: 'quiet-hours',
      type: 'content',
      template: 'rows',
      texts: QUIET_HOURS,
      parent: 'house-rules',
      cover: 'night',
      font: 'merriweather',
    },
    {
      key: 'smoking-and-pets',
      type: 'content',
      template: 'rows',
      texts: SMOKING_AND_PETS,
      parent: 'house-rules',
      cover: 'leaf',
      font: 'merriweather',
    },
    {
      key: 'children',
      type: 'content',
      template: 'rows',
      texts: MADRID_CHILDREN,
      parent: 'house-rules',
      font: 'merriweather',
      draft: true,
    },
    {
      key: 'wifi',
      type: 'content',
      template: 'bubbles',
      texts: WIFI,
      cover: 'wifi',
      font: 'public-sans',
    },
    {
      key: 'check-out',
      type: 'content',
      template: 'vertical',
      texts: CHECK_OUT,
      cover: 'departure',
      font: 'lora',
    },
  ],
};

/** Pages per hotel account, by the account's slug. */
const HOTELS: Readonly<Record<string, Hotel>> = {
  'canal-house-amsterdam': AMSTERDAM,
  'spree-loft-berlin': BERLIN,
  'casa-alameda-madrid': MADRID,
};

// ---------------------------------------------------------------------------------------------
// Records and files

/** A hotel account to seed pages for. */
export interface PageOwner {
  id: number;
  slug: string;
  /** The account's locales, source locale first: every page gets one record per locale. */
  locales: readonly Locale[];
  sourceLocale: Locale;
  /** When the account was created, so its content is created after it. */
  createdDaysAgo: number;
}

export type SeededPage = Record<string, unknown> & { id: number };

/** The bytes behind each seeded upload's url, for writeSeedUploads (filled by buildPages). */
export const seededFiles = new Map<string, Buffer>();

/**
 * A stored file name (22 base64url characters, as the upload route makes them) derived from
 * what the file is, so the seed stays deterministic.
 */
export const seedFileName = (ownerId: number, what: string, ext: 'png' | 'pdf') =>
  `${createHash('sha256').update(`stay-console seed|${ownerId}|${what}`).digest().subarray(0, 16).toString('base64url')}.${ext}`;

/**
 * The pages of every owner, one record per locale of the owner, and the uploads their covers
 * and PDFs are (an `uploads` record each, as `POST /uploads` would have made). Ids are
 * sequential per collection (owner, then page, then locale); positions count per owner and
 * locale in the order of the hotel's list; `iso(daysAgo, hour)` turns day offsets from today
 * into timestamps, as for the users.
 */
export function buildPages(
  owners: readonly PageOwner[],
  iso: (daysAgo: number, hour: number) => string,
): { pages: SeededPage[]; uploads: Upload[] } {
  const pages: SeededPage[] = [];
  const uploads: Upload[] = [];

  const addUpload = (
    owner: PageOwner,
    what: string,
    name: string,
    ext: 'png' | 'pdf',
    bytes: () => Buffer,
    createdAt: string,
  ): string => {
    const url = fileUrl(String(owner.id), seedFileName(owner.id, what, ext));
    let data = seededFiles.get(url);
    if (!data) seededFiles.set(url, (data = bytes()));
    uploads.push({
      id: uploads.length + 1,
      url,
      name,
      size: data.length,
      type: ext === 'png' ? 'image/png' : 'application/pdf',
      ownerId: owner.id,
      uploadedBy: owner.id,
      createdAt,
    });
    return url;
  };

  for (const owner of owners) {
    const hotel = HOTELS[owner.slug];
    if (hotel === undefined) throw new Error(`Page seed: no pages for ${owner.slug}`);
    const idOf = new Map<string, number>();
    const position = new Map<Locale, number>();

    for (const [index, source] of hotel.pages.entries()) {
      const groupId = `page-${owner.id}-${source.key}`;
      // One page every two days from a week after the account was created.
      const createdDaysAgo = owner.createdDaysAgo - 7 - index * 2;
      const sourceText = pick(source.texts, owner.sourceLocale, `${groupId}`)(hotel);
      const cover = source.cover
        ? addUpload(
            owner,
            `cover|${source.key}`,
            `${sourceText.slug}.png`,
            'png',
            () => coverPng(source.cover!),
            iso(createdDaysAgo, 9),
          )
        : '';
      const edited = index % 3 === 1;

      for (const [localeIndex, locale] of owner.locales.entries()) {
        const text = pick(source.texts, locale, groupId)(hotel);
        const daysAgo = createdDaysAgo - localeIndex;
        const createdAt = iso(daysAgo, 10 + (index % 6));
        const id = pages.length + 1;
        idOf.set(`${source.key}/${locale}`, id);
        const parentId = source.parent ? idOf.get(`${source.parent}/${locale}`) : null;
        if (parentId === undefined) throw new Error(`Page seed: ${groupId} before its parent`);
        const place = (position.get(locale) ?? 0) + 1;
        position.set(locale, place);

        const variant: Record<string, string> = {};
        if (source.type === 'content') variant.body = text.body ?? '';
        if (source.type === 'iframe') variant.iframe = mapUrl(hotel);
        if (source.type === 'pdf') {
          variant.pdf = addUpload(
            owner,
            `pdf|${source.key}|${locale}`,
            `${text.slug}.pdf`,
            'pdf',
            () => spaMenuPdf(hotel, locale),
            createdAt,
          );
        }
        pages.push({
          id,
          ownerId: owner.id,
          groupId,
          locale,
          sourceLocale: owner.sourceLocale,
          title: text.title,
          slug: text.slug,
          description: text.description,
          type: source.type,
          ...variant,
          cover,
          template: source.template,
          published: !source.draft,
          isSubpage: parentId !== null,
          parentId,
          styling: {
            background: source.background === 'paper' ? hotel.paper : '#ffffff',
            font: source.font,
            buttonColor: hotel.primary,
            buttonTitleColor: '#ffffff',
            titleColor: hotel.ink,
          },
          position: place,
          createdAt,
          updatedAt: edited ? iso(daysAgo - 6 - (index % 4) * 3, 16) : createdAt,
        });
      }
    }
  }
  return { pages, uploads };
}

/**
 * Writes the files of the seeded uploads into the uploads folder beside `dbFile`
 * (`uploads/<owner>/<name>`), so `GET /uploads/files/…` serves them. Call it with the uploads
 * of a seed built in this process (buildSeed), before the data file that names them is written.
 */
export function writeSeedUploads(dbFile: string, uploads: readonly Upload[]): void {
  const root = uploadsRoot({ dbFile });
  for (const upload of uploads) {
    const bytes = seededFiles.get(upload.url);
    if (!bytes) throw new Error(`Page seed: no file for the seeded upload ${upload.url}`);
    const file = path.join(root, ...upload.url.split('/').slice(-2));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
}
