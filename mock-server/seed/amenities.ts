// Seed data for the `amenity-categories` and `amenities` collections: the same six categories
// for every hotel, and about twenty real-looking places per hotel, each in every locale of its
// hotel. Hand-written and free of randomness, so the output only depends on `today` (via `iso`).
import type { Locale } from '../../src/schema/locales';
import type { Amenity, AmenityCategory } from '../store/types';

/**
 * An amenity as seeded, before its position: without a linked page, stored as null (the record
 * types name every value as present).
 */
type SeededAmenity = Omit<Amenity, 'position' | 'pageId'> & { pageId: number | null };

/** A text in each of the locales `L`. */
type Text<L extends Locale> = Readonly<Record<L, string>>;
/** A text as looked up at build time; a missing locale is an error in the data. */
type AnyText = Readonly<Partial<Record<Locale, string>>>;

const CATEGORY_KEYS = [
  'restaurants',
  'wellness',
  'activities',
  'transport',
  'shopping',
  'culture',
] as const;
type CategoryKey = (typeof CATEGORY_KEYS)[number];

const CATEGORIES: Readonly<Record<CategoryKey, { color: string; name: Text<Locale> }>> = {
  restaurants: {
    color: '#E4572E',
    name: {
      nl: 'Restaurants',
      en: 'Restaurants',
      de: 'Restaurants',
      fr: 'Restaurants',
      es: 'Restaurantes',
    },
  },
  wellness: {
    color: '#17BEBB',
    name: { nl: 'Wellness', en: 'Wellness', de: 'Wellness', fr: 'Bien-être', es: 'Bienestar' },
  },
  activities: {
    color: '#76B041',
    name: {
      nl: 'Activiteiten',
      en: 'Activities',
      de: 'Aktivitäten',
      fr: 'Activités',
      es: 'Actividades',
    },
  },
  transport: {
    color: '#2E86AB',
    name: { nl: 'Vervoer', en: 'Transport', de: 'Mobilität', fr: 'Transports', es: 'Transporte' },
  },
  shopping: {
    color: '#FFC914',
    name: { nl: 'Winkelen', en: 'Shopping', de: 'Einkaufen', fr: 'Boutiques', es: 'Compras' },
  },
  culture: {
    color: '#7B2D8B',
    name: { nl: 'Cultuur', en: 'Culture', de: 'Kultur', fr: 'Culture', es: 'Cultura' },
  },
};

// Location hints, in every locale.
const walk = (min: number): Text<Locale> => ({
  nl: `${min} min lopen`,
  en: `${min} min walk`,
  de: `${min} Min. zu Fuß`,
  fr: `${min} min à pied`,
  es: `${min} min a pie`,
});
const byTram = (min: number): Text<Locale> => ({
  nl: `${min} min met de tram`,
  en: `${min} min by tram`,
  de: `${min} Min. mit der Tram`,
  fr: `${min} min en tram`,
  es: `${min} min en tranvía`,
});
const byFerry = (min: number): Text<Locale> => ({
  nl: `${min} min met de pont`,
  en: `${min} min by ferry`,
  de: `${min} Min. mit der Fähre`,
  fr: `${min} min en ferry`,
  es: `${min} min en ferri`,
});
const byTransit = (min: number): Text<Locale> => ({
  nl: `${min} min met het ov`,
  en: `${min} min by public transport`,
  de: `${min} Min. mit Bus und Bahn`,
  fr: `${min} min en transports en commun`,
  es: `${min} min en transporte público`,
});
const byMetro = (min: number): Text<Locale> => ({
  nl: `${min} min met de metro`,
  en: `${min} min by metro`,
  de: `${min} Min. mit der Metro`,
  fr: `${min} min en métro`,
  es: `${min} min en metro`,
});
const BASEMENT: Text<Locale> = {
  nl: 'Souterrain',
  en: 'Lower ground floor',
  de: 'Untergeschoss',
  fr: 'Sous-sol',
  es: 'Sótano',
};
const TOP_FLOOR: Text<Locale> = {
  nl: 'Bovenste verdieping',
  en: 'Top floor',
  de: 'Dachgeschoss',
  fr: 'Dernier étage',
  es: 'Última planta',
};
const RECEPTION: Text<Locale> = {
  nl: 'Bij de receptie',
  en: 'At reception',
  de: 'An der Rezeption',
  fr: 'À la réception',
  es: 'En recepción',
};

interface AmenitySource<T> {
  category: CategoryKey;
  /** A proper name kept in every locale, or one name per locale. */
  name: string | T;
  description: T;
  address: string;
  url: string;
  location: T | '';
  lat: number;
  lng: number;
  /** Only set for the few amenities switched off by the hotel. */
  active?: false;
}

type HotelAmenities<L extends Locale> = readonly AmenitySource<Text<L>>[];

// Canal House Amsterdam, Keizersgracht 148.
const AMSTERDAM: HotelAmenities<'nl' | 'en' | 'de'> = [
  {
    category: 'restaurants',
    name: 'Brasserie De Gouden Gevel',
    description: {
      nl: 'Franse brasserie in een grachtenpand met een seizoenskaart en een ruime wijnkaart. Reserveren voor het diner wordt aangeraden.',
      en: 'French brasserie in a canal house with a seasonal menu and a generous wine list. Booking for dinner is recommended.',
      de: 'Französische Brasserie in einem Grachtenhaus mit saisonaler Karte und großer Weinauswahl. Für das Abendessen empfiehlt sich eine Reservierung.',
    },
    address: 'Herengracht 110, 1015 BS Amsterdam',
    url: 'https://www.degoudengevel.nl',
    location: walk(4),
    lat: 52.3772,
    lng: 4.8893,
  },
  {
    category: 'restaurants',
    name: 'Pannenkoekenhuis Het Molentje',
    description: {
      nl: 'Hollandse pannenkoeken, zoet en hartig, in een knusse zaak in de Negen Straatjes. Ideaal voor een lunch met kinderen.',
      en: 'Dutch pancakes, sweet and savoury, in a cosy spot in the Nine Streets. Ideal for lunch with children.',
      de: 'Holländische Pfannkuchen, süß und herzhaft, in einem gemütlichen Lokal in den Neun Straßen. Ideal für ein Mittagessen mit Kindern.',
    },
    address: 'Berenstraat 12, 1016 GH Amsterdam',
    url: 'https://www.hetmolentje.nl',
    location: walk(5),
    lat: 52.3723,
    lng: 4.8846,
  },
  {
    category: 'restaurants',
    name: 'Restaurant Sari Rasa',
    description: {
      nl: 'Indonesisch restaurant dat bekendstaat om zijn uitgebreide rijsttafel. Vegetarische gerechten zijn op verzoek mogelijk.',
      en: 'Indonesian restaurant known for its lavish rijsttafel. Vegetarian dishes are available on request.',
      de: 'Indonesisches Restaurant, bekannt für seine reichhaltige Rijsttafel. Vegetarische Gerichte gibt es auf Anfrage.',
    },
    address: 'Utrechtsestraat 84, 1017 VS Amsterdam',
    url: 'https://www.sarirasa.nl',
    location: byTram(15),
    lat: 52.3623,
    lng: 4.8978,
  },
  {
    category: 'restaurants',
    name: "Café 't Hoekje",
    description: {
      nl: 'Klassiek bruin café in de Jordaan met bitterballen en lokale biertjes van de tap. Op zonnige dagen is het terras snel vol.',
      en: 'Classic brown café in the Jordaan serving bitterballen and local beers on tap. On sunny days the terrace fills up quickly.',
      de: 'Klassisches braunes Café im Jordaan mit Bitterballen und lokalen Bieren vom Fass. An sonnigen Tagen ist die Terrasse schnell voll.',
    },
    address: 'Lindengracht 90, 1015 KK Amsterdam',
    url: '',
    location: walk(7),
    lat: 52.3812,
    lng: 4.8843,
  },
  {
    category: 'restaurants',
    name: 'Visbar Haarlemmerdijk',
    description: {
      nl: 'Verse haring, kibbeling en broodjes vis om mee te nemen of aan de bar te eten. Gesloten op maandag.',
      en: 'Fresh herring, kibbeling and fish sandwiches to take away or eat at the bar. Closed on Mondays.',
      de: 'Frischer Hering, Kibbeling und Fischbrötchen zum Mitnehmen oder direkt an der Theke. Montags geschlossen.',
    },
    address: 'Haarlemmerdijk 55, 1013 KB Amsterdam',
    url: 'https://www.visbarhaarlemmerdijk.nl',
    location: walk(10),
    lat: 52.3826,
    lng: 4.8877,
  },
  {
    category: 'wellness',
    name: 'Canal House Spa',
    description: {
      nl: 'Onze eigen sauna en stoombad in de gewelfde kelder van het grachtenpand. Gratis voor hotelgasten; reserveer een tijdslot bij de receptie.',
      en: 'Our own sauna and steam room in the vaulted cellar of the canal house. Free for hotel guests; book a time slot at reception.',
      de: 'Unsere eigene Sauna mit Dampfbad im Gewölbekeller des Grachtenhauses. Für Hotelgäste kostenlos; buchen Sie ein Zeitfenster an der Rezeption.',
    },
    address: 'Keizersgracht 148, 1015 CX Amsterdam',
    url: 'https://www.canalhouseamsterdam.nl/spa',
    location: BASEMENT,
    lat: 52.3753,
    lng: 4.8857,
  },
  {
    category: 'wellness',
    name: 'Yogaloft Jordaan',
    description: {
      nl: 'Lichte yogastudio met dagelijkse drop-in lessen in het Nederlands en Engels. Matten en handdoeken zijn aanwezig.',
      en: 'Bright yoga studio with daily drop-in classes in Dutch and English. Mats and towels are provided.',
      de: 'Helles Yogastudio mit täglichen Drop-in-Kursen auf Niederländisch und Englisch. Matten und Handtücher werden gestellt.',
    },
    address: 'Elandsgracht 70, 1016 TX Amsterdam',
    url: 'https://www.yogaloftjordaan.nl',
    location: walk(8),
    lat: 52.3697,
    lng: 4.8817,
  },
  {
    category: 'wellness',
    name: 'Badhuis De Pijp',
    description: {
      nl: 'Hammam en massagesalon in een voormalig badhuis uit de jaren twintig. Tijdelijk gesloten wegens verbouwing.',
      en: 'Hammam and massage salon in a former 1920s bathhouse. Temporarily closed for renovation.',
      de: 'Hamam und Massagesalon in einem ehemaligen Badehaus aus den 1920er-Jahren. Wegen Umbau vorübergehend geschlossen.',
    },
    address: 'Ferdinand Bolstraat 140, 1072 LR Amsterdam',
    url: 'https://www.badhuisdepijp.nl',
    location: byTram(20),
    lat: 52.3531,
    lng: 4.8913,
    active: false,
  },
  {
    category: 'activities',
    name: 'Sloepverhuur Jordaan',
    description: {
      nl: 'Huur een elektrische sloep voor maximaal acht personen en vaar zelf door de grachten. Geen vaarbewijs nodig.',
      en: 'Rent an electric boat for up to eight people and cruise the canals yourself. No boating licence required.',
      de: 'Mieten Sie ein Elektroboot für bis zu acht Personen und fahren Sie selbst durch die Grachten. Kein Bootsführerschein nötig.',
    },
    address: 'Lijnbaansgracht 46, 1015 GR Amsterdam',
    url: 'https://www.sloepverhuurjordaan.nl',
    location: walk(6),
    lat: 52.3802,
    lng: 4.8822,
  },
  {
    category: 'activities',
    name: "A'DAM Lookout",
    description: {
      nl: 'Uitkijkpunt op 100 meter hoogte aan het IJ, met een schommel over de dakrand. Neem de gratis pont achter Centraal Station.',
      en: 'Observation deck 100 metres up on the IJ waterfront, with a swing over the edge of the roof. Take the free ferry behind Central Station.',
      de: 'Aussichtsplattform in 100 Metern Höhe am IJ mit einer Schaukel über der Dachkante. Nehmen Sie die kostenlose Fähre hinter dem Hauptbahnhof.',
    },
    address: 'Overhoeksplein 5, 1031 KS Amsterdam',
    url: 'https://www.adamlookout.com',
    location: byFerry(20),
    lat: 52.3843,
    lng: 4.9021,
  },
  {
    category: 'activities',
    name: 'Kaasproeverij Prinsengracht',
    description: {
      nl: 'Proeverij van Nederlandse kazen met bijpassende wijnen, onder leiding van een kaasmeester. Dagelijks om 14.00 en 16.00 uur.',
      en: 'A tasting of Dutch cheeses paired with wines, led by a cheese master. Daily at 2 pm and 4 pm.',
      de: 'Verkostung niederländischer Käsesorten mit passenden Weinen unter Leitung eines Käsemeisters. Täglich um 14 und 16 Uhr.',
    },
    address: 'Prinsengracht 112, 1015 EA Amsterdam',
    url: 'https://www.kaasproeverij.nl',
    location: walk(3),
    lat: 52.3775,
    lng: 4.8851,
    active: false,
  },
  {
    category: 'transport',
    name: 'Fietsverhuur Jordaan',
    description: {
      nl: 'Stadsfietsen, e-bikes en bakfietsen per uur of per dag. Hotelgasten krijgen 10% korting met hun kamerkaart.',
      en: 'City bikes, e-bikes and cargo bikes by the hour or by the day. Hotel guests get 10% off with their room key card.',
      de: 'Stadträder, E-Bikes und Lastenräder stunden- oder tageweise. Hotelgäste erhalten mit ihrer Zimmerkarte 10 % Rabatt.',
    },
    address: 'Rozengracht 35, 1016 LR Amsterdam',
    url: 'https://www.fietsverhuurjordaan.nl',
    location: walk(4),
    lat: 52.3738,
    lng: 4.8808,
  },
  {
    category: 'transport',
    name: {
      nl: 'Shuttle naar Schiphol',
      en: 'Schiphol Airport Shuttle',
      de: 'Shuttle zum Flughafen Schiphol',
    },
    description: {
      nl: 'Privéshuttle van het hotel naar Schiphol, elke dag tussen 5.00 en 23.00 uur. Boek uiterlijk een dag van tevoren bij de receptie.',
      en: 'Private shuttle from the hotel to Schiphol Airport, daily between 5 am and 11 pm. Book at reception at least one day in advance.',
      de: 'Privater Shuttle vom Hotel zum Flughafen Schiphol, täglich zwischen 5 und 23 Uhr. Bitte spätestens einen Tag vorher an der Rezeption buchen.',
    },
    address: 'Keizersgracht 148, 1015 CX Amsterdam',
    url: '',
    location: RECEPTION,
    lat: 52.3753,
    lng: 4.8857,
  },
  {
    category: 'transport',
    name: {
      nl: 'Amsterdam Centraal',
      en: 'Amsterdam Central Station',
      de: 'Amsterdam Centraal',
    },
    description: {
      nl: 'Het centraal station, met treinen naar Schiphol (15 minuten), Den Haag en Rotterdam. Trams en ponten vertrekken voor en achter het station.',
      en: 'The main railway station, with trains to Schiphol (15 minutes), The Hague and Rotterdam. Trams and ferries leave from the front and back of the station.',
      de: 'Der Hauptbahnhof mit Zügen nach Schiphol (15 Minuten), Den Haag und Rotterdam. Straßenbahnen und Fähren fahren vor und hinter dem Bahnhof ab.',
    },
    address: 'Stationsplein 1, 1012 AB Amsterdam',
    url: 'https://www.ns.nl',
    location: walk(15),
    lat: 52.3789,
    lng: 4.9004,
  },
  {
    category: 'shopping',
    name: {
      nl: 'De Negen Straatjes',
      en: 'The Nine Streets',
      de: 'Die Neun Straßen',
    },
    description: {
      nl: 'Negen schilderachtige straatjes tussen de grachten, vol boetieks, vintagewinkels en cafés. Veel winkels zijn op maandagochtend gesloten.',
      en: 'Nine picturesque little streets between the canals, full of boutiques, vintage shops and cafés. Many shops are closed on Monday mornings.',
      de: 'Neun malerische Gassen zwischen den Grachten voller Boutiquen, Vintage-Läden und Cafés. Viele Geschäfte haben montagvormittags geschlossen.',
    },
    address: 'Wolvenstraat 23, 1016 EN Amsterdam',
    url: 'https://www.de9straatjes.nl',
    location: walk(5),
    lat: 52.3717,
    lng: 4.8857,
  },
  {
    category: 'shopping',
    name: 'Noordermarkt',
    description: {
      nl: 'Op zaterdag een biologische boerenmarkt, op maandagochtend een markt met stoffen en tweedehands spullen.',
      en: "An organic farmers' market on Saturdays and a market for fabrics and second-hand goods on Monday mornings.",
      de: 'Samstags ein Bio-Bauernmarkt, montagvormittags ein Markt mit Stoffen und Secondhand-Waren.',
    },
    address: 'Noordermarkt 1, 1015 MV Amsterdam',
    url: '',
    location: walk(6),
    lat: 52.3791,
    lng: 4.8862,
  },
  {
    category: 'shopping',
    name: 'Albert Cuypmarkt',
    description: {
      nl: 'De bekendste dagmarkt van Amsterdam, van maandag tot en met zaterdag, met ruim 250 kramen. Proef hier een verse stroopwafel.',
      en: "Amsterdam's best-known street market, Monday to Saturday, with more than 250 stalls. Try a freshly made stroopwafel.",
      de: 'Der bekannteste Straßenmarkt Amsterdams, montags bis samstags, mit mehr als 250 Ständen. Probieren Sie eine frische Stroopwafel.',
    },
    address: 'Albert Cuypstraat 130, 1072 CV Amsterdam',
    url: 'https://albertcuyp-markt.amsterdam',
    location: byTram(20),
    lat: 52.3557,
    lng: 4.8935,
  },
  {
    category: 'culture',
    name: {
      nl: 'Anne Frank Huis',
      en: 'Anne Frank House',
      de: 'Anne Frank Haus',
    },
    description: {
      nl: 'Het achterhuis waar Anne Frank haar dagboek schreef. Tickets zijn alleen online te koop en vaak weken van tevoren uitverkocht.',
      en: 'The secret annex where Anne Frank wrote her diary. Tickets are sold online only and often sell out weeks ahead.',
      de: 'Das Hinterhaus, in dem Anne Frank ihr Tagebuch schrieb. Tickets gibt es nur online, und sie sind oft Wochen im Voraus ausverkauft.',
    },
    address: 'Westermarkt 20, 1016 GV Amsterdam',
    url: 'https://www.annefrank.org',
    location: walk(2),
    lat: 52.3752,
    lng: 4.884,
  },
  {
    category: 'culture',
    name: 'Rijksmuseum',
    description: {
      nl: 'Het nationale museum, met De Nachtwacht van Rembrandt en werken van Vermeer. Trek er minstens een halve dag voor uit.',
      en: "The national museum, home to Rembrandt's Night Watch and works by Vermeer. Allow at least half a day.",
      de: 'Das Nationalmuseum mit Rembrandts Nachtwache und Werken von Vermeer. Planen Sie mindestens einen halben Tag ein.',
    },
    address: 'Museumstraat 1, 1071 XX Amsterdam',
    url: 'https://www.rijksmuseum.nl',
    location: byTram(15),
    lat: 52.36,
    lng: 4.8852,
  },
  {
    category: 'culture',
    name: 'Van Gogh Museum',
    description: {
      nl: 'De grootste collectie werken van Vincent van Gogh ter wereld. Boek vooraf online een tijdslot.',
      en: "The world's largest collection of works by Vincent van Gogh. Book a time slot online in advance.",
      de: 'Die weltweit größte Sammlung von Werken Vincent van Goghs. Buchen Sie vorab online ein Zeitfenster.',
    },
    address: 'Museumplein 6, 1071 DJ Amsterdam',
    url: 'https://www.vangoghmuseum.nl',
    location: '',
    lat: 52.3584,
    lng: 4.8811,
  },
];

// Spree Loft Berlin, Oranienburger Straße 32.
const BERLIN: HotelAmenities<'de' | 'en'> = [
  {
    category: 'restaurants',
    name: 'Gasthaus Zur Spreebrücke',
    description: {
      de: 'Berliner Küche mit Eisbein, Königsberger Klopsen und Fassbier direkt an der Spree. Im Sommer mit Terrasse am Ufer.',
      en: 'Traditional Berlin cooking, from pork knuckle to Königsberger Klopse, with draught beer right on the Spree. Riverside terrace in summer.',
    },
    address: 'Schiffbauerdamm 12, 10117 Berlin',
    url: 'https://www.gasthaus-spreebruecke.de',
    location: walk(10),
    lat: 52.5212,
    lng: 13.3838,
  },
  {
    category: 'restaurants',
    name: 'Imbiss Bahnbogen',
    description: {
      de: 'Currywurst, Pommes und Bouletten aus einem S-Bahn-Bogen am Hackeschen Markt. Bis spät in die Nacht geöffnet.',
      en: 'Currywurst, fries and meatballs served from a railway arch at Hackescher Markt. Open until late at night.',
    },
    address: 'Dircksenstraße 47, 10178 Berlin',
    url: '',
    location: walk(8),
    lat: 52.5225,
    lng: 13.4055,
  },
  {
    category: 'restaurants',
    name: 'Café Sophie',
    description: {
      de: 'Kleines Café mit hausgemachtem Kuchen und Frühstück bis 15 Uhr. Ruhige Lage in einer der schönsten Straßen von Mitte.',
      en: 'Small café with home-made cakes and breakfast served until 3 pm. A quiet spot on one of the prettiest streets in Mitte.',
    },
    address: 'Sophienstraße 18, 10178 Berlin',
    url: 'https://www.cafe-sophie-berlin.de',
    location: walk(7),
    lat: 52.5262,
    lng: 13.4012,
  },
  {
    category: 'restaurants',
    name: 'Phở Mitte',
    description: {
      de: 'Vietnamesische Nudelsuppen und frische Sommerrollen zu fairen Preisen. Mittags oft voll, abends entspannter.',
      en: 'Vietnamese noodle soups and fresh summer rolls at fair prices. Busy at lunchtime, calmer in the evening.',
    },
    address: 'Torstraße 125, 10119 Berlin',
    url: 'https://www.pho-mitte.de',
    location: walk(9),
    lat: 52.5291,
    lng: 13.3993,
  },
  {
    category: 'restaurants',
    name: 'Biergarten Monbijou',
    description: {
      de: 'Biergarten im Monbijoupark mit Blick auf das Bode-Museum. Nur von April bis Oktober geöffnet.',
      en: 'Beer garden in Monbijou Park overlooking the Bode Museum. Open from April to October only.',
    },
    address: 'Monbijoustraße 3, 10117 Berlin',
    url: 'https://www.biergarten-monbijou.de',
    location: walk(5),
    lat: 52.5231,
    lng: 13.3987,
    active: false,
  },
  {
    category: 'wellness',
    name: 'Spree Loft Sauna',
    description: {
      de: 'Finnische Sauna und Ruheraum mit Dachterrasse über den Höfen von Mitte. Für Hotelgäste täglich von 7 bis 22 Uhr geöffnet.',
      en: 'Finnish sauna and relaxation room with a roof terrace above the courtyards of Mitte. Open to hotel guests daily from 7 am to 10 pm.',
    },
    address: 'Oranienburger Straße 32, 10117 Berlin',
    url: 'https://www.spreeloft-berlin.de/sauna',
    location: TOP_FLOOR,
    lat: 52.5246,
    lng: 13.3958,
  },
  {
    category: 'wellness',
    name: 'Liquidrom',
    description: {
      de: 'Thermalbad mit Salzwasserbecken, in dem unter Wasser Musik gespielt wird. Dazu mehrere Saunen und Massagen.',
      en: 'Thermal spa with a saltwater pool where music plays underwater. Several saunas and massage treatments.',
    },
    address: 'Möckernstraße 10, 10963 Berlin',
    url: 'https://www.liquidrom-berlin.de',
    location: byTransit(20),
    lat: 52.4996,
    lng: 13.3818,
  },
  {
    category: 'wellness',
    name: 'Yogaraum Mitte',
    description: {
      de: 'Kleines Studio für Hatha- und Vinyasa-Yoga mit Kursen auf Deutsch und Englisch. Die Probestunde ist für Hotelgäste kostenlos.',
      en: 'Small studio for hatha and vinyasa yoga, with classes in German and English. The trial class is free for hotel guests.',
    },
    address: 'Linienstraße 140, 10115 Berlin',
    url: '',
    location: walk(6),
    lat: 52.5276,
    lng: 13.3938,
    active: false,
  },
  {
    category: 'activities',
    name: 'Reederei Spreeblick',
    description: {
      de: 'Einstündige Schiffsrundfahrt vorbei an Museumsinsel, Reichstag und Kanzleramt. Abfahrt im Nikolaiviertel alle 30 Minuten.',
      en: 'One-hour boat tour past Museum Island, the Reichstag and the Chancellery. Departures from the Nikolaiviertel every 30 minutes.',
    },
    address: 'Spreeufer 5, 10178 Berlin',
    url: 'https://www.reederei-spreeblick.de',
    location: walk(15),
    lat: 52.5167,
    lng: 13.4077,
  },
  {
    category: 'activities',
    name: { de: 'Berliner Fernsehturm', en: 'Berlin TV Tower' },
    description: {
      de: 'Mit 368 Metern das höchste Bauwerk Deutschlands, mit Aussichtsetage und Drehrestaurant. Online gekaufte Zeitfenster-Tickets ersparen lange Wartezeiten.',
      en: 'At 368 metres the tallest structure in Germany, with an observation deck and a revolving restaurant. Timed tickets bought online save long queues.',
    },
    address: 'Panoramastraße 1A, 10178 Berlin',
    url: 'https://tv-turm.de',
    location: walk(15),
    lat: 52.5208,
    lng: 13.4094,
  },
  {
    category: 'activities',
    name: 'Tempelhofer Feld',
    description: {
      de: 'Das ehemalige Flughafengelände ist heute ein riesiger Park zum Radfahren, Skaten und Drachensteigen. Der Eintritt ist frei.',
      en: 'The former airport is now a huge park for cycling, skating and kite flying on the old runways. Entry is free.',
    },
    address: 'Tempelhofer Damm 1, 12101 Berlin',
    url: 'https://gruen-berlin.de/tempelhofer-feld',
    location: byTransit(25),
    lat: 52.4754,
    lng: 13.401,
  },
  {
    category: 'transport',
    name: 'Fahrradverleih Mitte',
    description: {
      de: 'Stadträder, E-Bikes und Kindersitze zum Ausleihen, auch für geführte Touren entlang der Mauer. Bitte einen Ausweis mitbringen.',
      en: 'City bikes, e-bikes and child seats for hire, also for guided tours along the Wall. Please bring ID.',
    },
    address: 'Auguststraße 29, 10119 Berlin',
    url: 'https://www.fahrradverleih-mitte.de',
    location: walk(4),
    lat: 52.5269,
    lng: 13.3975,
  },
  {
    category: 'transport',
    name: { de: 'Berlin Hauptbahnhof', en: 'Berlin Central Station' },
    description: {
      de: 'Fern- und Regionalzüge, darunter der FEX zum Flughafen BER in rund 30 Minuten. Mit der S-Bahn vom Hackeschen Markt in wenigen Minuten erreichbar.',
      en: 'Long-distance and regional trains, including the FEX to BER Airport in about 30 minutes. A few minutes from Hackescher Markt by S-Bahn.',
    },
    address: 'Europaplatz 1, 10557 Berlin',
    url: 'https://www.bahn.de',
    location: byTransit(10),
    lat: 52.5251,
    lng: 13.3694,
  },
  {
    category: 'transport',
    name: { de: 'Flughafen-Shuttle BER', en: 'BER Airport Shuttle' },
    description: {
      de: 'Unser Shuttle bringt Sie in etwa 45 Minuten zum Flughafen BER. Bitte bis 18 Uhr am Vortag an der Rezeption buchen.',
      en: 'Our shuttle takes you to BER Airport in about 45 minutes. Please book at reception by 6 pm the day before.',
    },
    address: 'Oranienburger Straße 32, 10117 Berlin',
    url: '',
    location: RECEPTION,
    lat: 52.5246,
    lng: 13.3958,
  },
  {
    category: 'shopping',
    name: 'Hackesche Höfe',
    description: {
      de: 'Acht verbundene Jugendstil-Höfe mit Designerläden, Galerien und einem Kino. Besonders schön am frühen Abend.',
      en: 'Eight connected Art Nouveau courtyards with designer shops, galleries and a cinema. Especially lovely in the early evening.',
    },
    address: 'Rosenthaler Straße 40, 10178 Berlin',
    url: 'https://www.hackesche-hoefe.de',
    location: walk(6),
    lat: 52.5246,
    lng: 13.4023,
  },
  {
    category: 'shopping',
    name: 'Markthalle Neun',
    description: {
      de: 'Historische Markthalle in Kreuzberg mit regionalen Produkten und Streetfood. Donnerstagabends lockt der beliebte Street Food Thursday.',
      en: 'Historic market hall in Kreuzberg with regional produce and street food. Street Food Thursday draws crowds every Thursday evening.',
    },
    address: 'Eisenbahnstraße 42, 10997 Berlin',
    url: 'https://markthalleneun.de',
    location: byTransit(25),
    lat: 52.502,
    lng: 13.4316,
  },
  {
    category: 'shopping',
    name: 'KaDeWe',
    description: {
      de: 'Das berühmte Kaufhaus des Westens mit seiner legendären Feinkostabteilung im sechsten Stock.',
      en: 'The famous Department Store of the West, with its legendary food hall on the sixth floor.',
    },
    address: 'Tauentzienstraße 21, 10789 Berlin',
    url: 'https://www.kadewe.de',
    location: '',
    lat: 52.5016,
    lng: 13.3411,
  },
  {
    category: 'culture',
    name: 'Neues Museum',
    description: {
      de: 'Auf der Museumsinsel, mit der Büste der Nofretete und einer großen ägyptischen Sammlung. David Chipperfields Wiederaufbau ist selbst eine Sehenswürdigkeit.',
      en: "On Museum Island, home to the bust of Nefertiti and a large Egyptian collection. David Chipperfield's restoration is a sight in itself.",
    },
    address: 'Bodestraße 1, 10178 Berlin',
    url: 'https://www.smb.museum',
    location: walk(10),
    lat: 52.52,
    lng: 13.3979,
  },
  {
    category: 'culture',
    name: { de: 'Gedenkstätte Berliner Mauer', en: 'Berlin Wall Memorial' },
    description: {
      de: 'Das letzte erhaltene Stück der Grenzanlagen, mit Wachturm und Dokumentationszentrum. Der Außenbereich ist jederzeit frei zugänglich.',
      en: 'The last preserved section of the border strip, with a watchtower and a documentation centre. The open-air area is free and always open.',
    },
    address: 'Bernauer Straße 111, 13355 Berlin',
    url: 'https://www.stiftung-berliner-mauer.de',
    location: byTransit(15),
    lat: 52.5351,
    lng: 13.3903,
  },
  {
    category: 'culture',
    name: {
      de: 'Neue Synagoge – Centrum Judaicum',
      en: 'New Synagogue – Centrum Judaicum',
    },
    description: {
      de: 'Die goldene Kuppel ist ein Wahrzeichen der Oranienburger Straße. Eine Ausstellung erzählt die Geschichte jüdischen Lebens in Berlin.',
      en: 'Its golden dome is a landmark of Oranienburger Straße. An exhibition tells the story of Jewish life in Berlin.',
    },
    address: 'Oranienburger Straße 28, 10117 Berlin',
    url: 'https://centrumjudaicum.de',
    location: walk(1),
    lat: 52.5249,
    lng: 13.3946,
  },
];

// Casa Alameda Madrid, Calle de las Huertas 21.
const MADRID: HotelAmenities<'es' | 'en' | 'fr'> = [
  {
    category: 'restaurants',
    name: 'Taberna Los Madroños',
    description: {
      es: 'Taberna castiza con cocido madrileño los jueves y raciones para compartir. Se recomienda reservar los fines de semana.',
      en: 'Traditional tavern serving cocido madrileño on Thursdays and sharing plates every day. Booking is recommended at weekends.',
      fr: 'Taverne typique qui sert le cocido madrilène le jeudi et des plats à partager tous les jours. Réservation conseillée le week-end.',
    },
    address: 'Calle del Prado 14, 28014 Madrid',
    url: 'https://www.tabernalosmadronos.es',
    location: walk(2),
    lat: 40.4149,
    lng: -3.6983,
  },
  {
    category: 'restaurants',
    name: 'Sobrino de Botín',
    description: {
      es: 'Considerado el restaurante más antiguo del mundo, famoso por su cochinillo y su cordero asados en horno de leña.',
      en: 'Considered the oldest restaurant in the world, famous for suckling pig and lamb roasted in a wood-fired oven.',
      fr: 'Considéré comme le plus ancien restaurant du monde, célèbre pour son cochon de lait et son agneau rôtis au feu de bois.',
    },
    address: 'Calle de Cuchilleros 17, 28005 Madrid',
    url: 'https://botin.es',
    location: walk(15),
    lat: 40.4141,
    lng: -3.7079,
  },
  {
    category: 'restaurants',
    name: 'Chocolatería San Ginés',
    description: {
      es: 'Churros con chocolate desde 1894, abierta todos los días y casi a cualquier hora. Perfecta para terminar la noche.',
      en: 'Churros with hot chocolate since 1894, open every day and at almost any hour. Perfect for ending the night.',
      fr: 'Churros et chocolat chaud depuis 1894, ouvert tous les jours et presque à toute heure. Parfait pour finir la soirée.',
    },
    address: 'Pasadizo de San Ginés 5, 28013 Madrid',
    url: 'https://chocolateriasangines.com',
    location: walk(12),
    lat: 40.4169,
    lng: -3.7066,
  },
  {
    category: 'restaurants',
    name: 'Vermutería La Huerta',
    description: {
      es: 'Vermut de grifo, conservas y tapas frías en un bar de barrio de toda la vida. Ideal antes de la comida del domingo.',
      en: 'Vermouth on tap, tinned seafood and cold tapas in an old-school neighbourhood bar. Ideal before Sunday lunch.',
      fr: "Vermouth à la pression, conserves et tapas froides dans un bar de quartier à l'ancienne. Idéal avant le déjeuner du dimanche.",
    },
    address: 'Calle de León 8, 28014 Madrid',
    url: '',
    location: walk(3),
    lat: 40.4136,
    lng: -3.6977,
  },
  {
    category: 'restaurants',
    name: 'Mercado de San Miguel',
    description: {
      es: 'Mercado de hierro y cristal de 1916 convertido en espacio gastronómico, con puestos de tapas, ostras y vinos.',
      en: 'An iron-and-glass market hall from 1916, now a food hall with stalls for tapas, oysters and wine.',
      fr: "Halle de fer et de verre de 1916 devenue un marché gourmand, avec des stands de tapas, d'huîtres et de vins.",
    },
    address: 'Plaza de San Miguel s/n, 28005 Madrid',
    url: 'https://mercadodesanmiguel.es',
    location: walk(15),
    lat: 40.4154,
    lng: -3.7089,
  },
  {
    category: 'wellness',
    name: 'Casa Alameda Spa',
    description: {
      es: 'Pequeño spa con piscina de contraste, sauna y cabina de masajes en el sótano del hotel. Reserva tu masaje en recepción.',
      en: 'Small spa with a contrast pool, sauna and massage room in the hotel basement. Book your massage at reception.',
      fr: "Petit spa avec bassin de contraste, sauna et cabine de massage au sous-sol de l'hôtel. Réservez votre massage à la réception.",
    },
    address: 'Calle de las Huertas 21, 28014 Madrid',
    url: 'https://www.casaalamedamadrid.es/spa',
    location: BASEMENT,
    lat: 40.4143,
    lng: -3.6987,
  },
  {
    category: 'wellness',
    name: 'Hammam Al Ándalus',
    description: {
      es: 'Baños árabes con aguas a distintas temperaturas bajo bóvedas de ladrillo. Es imprescindible reservar.',
      en: 'Arab baths with pools at different temperatures under brick vaults. Booking is essential.',
      fr: 'Bains arabes avec des bassins à différentes températures sous des voûtes en brique. Réservation indispensable.',
    },
    address: 'Calle de Atocha 14, 28012 Madrid',
    url: 'https://www.hammamalandalus.com',
    location: walk(8),
    lat: 40.4137,
    lng: -3.7041,
  },
  {
    category: 'wellness',
    name: 'Estudio Yoga Retiro',
    description: {
      es: 'Clases de yoga y pilates para todos los niveles, con sesiones al aire libre en el Retiro en verano.',
      en: 'Yoga and Pilates classes for all levels, with outdoor sessions in the Retiro in summer.',
      fr: 'Cours de yoga et de Pilates pour tous les niveaux, avec des séances en plein air au Retiro en été.',
    },
    address: "Calle de O'Donnell 12, 28009 Madrid",
    url: 'https://www.yogaretiro.es',
    location: walk(20),
    lat: 40.4215,
    lng: -3.678,
    active: false,
  },
  {
    category: 'activities',
    name: {
      es: 'Barcas del Estanque del Retiro',
      en: 'Retiro Park Rowing Boats',
      fr: 'Barques du parc du Retiro',
    },
    description: {
      es: 'Alquila una barca de remos en el Estanque Grande del Parque del Retiro, junto al monumento a Alfonso XII.',
      en: 'Rent a rowing boat on the Great Pond of Retiro Park, next to the monument to Alfonso XII.',
      fr: 'Louez une barque sur le grand bassin du parc du Retiro, au pied du monument à Alphonse XII.',
    },
    address: 'Plaza de la Independencia 7, 28001 Madrid',
    url: 'https://www.esmadrid.com',
    location: walk(15),
    lat: 40.418,
    lng: -3.6835,
  },
  {
    category: 'activities',
    name: 'Tablao Villa Rosa',
    description: {
      es: 'Flamenco en directo en un tablao de 1911 con sus azulejos originales. Hay dos pases cada noche.',
      en: 'Live flamenco in a tablao dating from 1911, with its original tiles. Two shows every night.',
      fr: "Flamenco en direct dans un tablao de 1911 aux azulejos d'origine. Deux représentations chaque soir.",
    },
    address: 'Plaza de Santa Ana 15, 28012 Madrid',
    url: 'https://tablaoflamencovillarosa.com',
    location: walk(3),
    lat: 40.4148,
    lng: -3.7011,
  },
  {
    category: 'activities',
    name: {
      es: 'Teleférico de Madrid',
      en: 'Madrid Cable Car',
      fr: 'Téléphérique de Madrid',
    },
    description: {
      es: 'Cruza el Parque del Oeste hasta la Casa de Campo con vistas al Palacio Real. Funciona sobre todo los fines de semana y festivos.',
      en: 'Crosses the Parque del Oeste to the Casa de Campo, with views of the Royal Palace. Runs mainly at weekends and on public holidays.',
      fr: "Survole le Parque del Oeste jusqu'à la Casa de Campo, avec vue sur le Palais royal. Fonctionne surtout le week-end et les jours fériés.",
    },
    address: 'Paseo del Pintor Rosales s/n, 28008 Madrid',
    url: 'https://teleferico.com',
    location: byMetro(20),
    lat: 40.427,
    lng: -3.717,
  },
  {
    category: 'transport',
    name: 'Bici Letras',
    description: {
      es: 'Alquiler de bicicletas urbanas y eléctricas por horas o por días. El equipo recomienda rutas por Madrid Río y el Retiro.',
      en: 'City bikes and e-bikes for hire by the hour or by the day. The staff suggest routes through Madrid Río and the Retiro.',
      fr: "Location de vélos de ville et électriques à l'heure ou à la journée. L'équipe conseille des itinéraires par Madrid Río et le Retiro.",
    },
    address: 'Calle de Moratín 13, 28014 Madrid',
    url: 'https://www.biciletras.es',
    location: walk(4),
    lat: 40.4127,
    lng: -3.6962,
  },
  {
    category: 'transport',
    name: {
      es: 'Estación de Atocha',
      en: 'Atocha Station',
      fr: "Gare d'Atocha",
    },
    description: {
      es: 'Estación principal de alta velocidad y Cercanías; la línea C1 llega al aeropuerto de Barajas. Su antiguo vestíbulo alberga un jardín tropical.',
      en: 'Main station for high-speed and commuter trains; the C1 line runs to Barajas Airport. The old hall houses a tropical garden.',
      fr: "Gare principale des trains à grande vitesse et de banlieue ; la ligne C1 dessert l'aéroport de Barajas. L'ancien hall abrite un jardin tropical.",
    },
    address: 'Plaza del Emperador Carlos V s/n, 28045 Madrid',
    url: 'https://www.adif.es',
    location: walk(12),
    lat: 40.4066,
    lng: -3.6892,
  },
  {
    category: 'transport',
    name: {
      es: 'Traslado al aeropuerto',
      en: 'Airport Shuttle',
      fr: 'Navette aéroport',
    },
    description: {
      es: 'Traslado privado al aeropuerto Adolfo Suárez Madrid-Barajas en unos 25 minutos. Resérvalo en recepción con 24 horas de antelación.',
      en: 'Private transfer to Adolfo Suárez Madrid-Barajas Airport in about 25 minutes. Book at reception 24 hours in advance.',
      fr: "Transfert privé vers l'aéroport Adolfo Suárez Madrid-Barajas en 25 minutes environ. À réserver à la réception 24 heures à l'avance.",
    },
    address: 'Calle de las Huertas 21, 28014 Madrid',
    url: '',
    location: RECEPTION,
    lat: 40.4143,
    lng: -3.6987,
  },
  {
    category: 'shopping',
    name: 'El Rastro',
    description: {
      es: 'El mercadillo más famoso de Madrid, los domingos y festivos por la mañana. Antigüedades, ropa y un poco de todo.',
      en: "Madrid's most famous flea market, on Sunday and public holiday mornings. Antiques, clothes and a bit of everything.",
      fr: 'Le marché aux puces le plus célèbre de Madrid, le dimanche et les jours fériés au matin. Antiquités, vêtements et un peu de tout.',
    },
    address: 'Calle de la Ribera de Curtidores 1, 28005 Madrid',
    url: '',
    location: walk(15),
    lat: 40.4088,
    lng: -3.7074,
  },
  {
    category: 'shopping',
    name: 'Mercado de Antón Martín',
    description: {
      es: 'Mercado de barrio con fruterías, carnicerías y pequeños bares de cocina internacional. Cierra los domingos.',
      en: 'Neighbourhood market with greengrocers, butchers and small bars serving food from around the world. Closed on Sundays.',
      fr: 'Marché de quartier avec primeurs, boucheries et petits comptoirs de cuisine du monde. Fermé le dimanche.',
    },
    address: 'Calle de Santa Isabel 5, 28012 Madrid',
    url: 'https://mercadoantonmartin.com',
    location: walk(5),
    lat: 40.412,
    lng: -3.699,
  },
  {
    category: 'shopping',
    name: 'Librería de las Letras',
    description: {
      es: 'Librería independiente con ediciones cuidadas de los autores del Siglo de Oro y una buena sección de libros en inglés.',
      en: 'Independent bookshop with fine editions of Golden Age authors and a good section of books in English.',
      fr: "Librairie indépendante avec de belles éditions des auteurs du Siècle d'or et un bon rayon de livres en anglais.",
    },
    address: 'Calle de Cervantes 6, 28014 Madrid',
    url: 'https://www.libreriadelasletras.es',
    location: walk(3),
    lat: 40.4144,
    lng: -3.6967,
    active: false,
  },
  {
    category: 'culture',
    name: {
      es: 'Museo del Prado',
      en: 'Prado Museum',
      fr: 'Musée du Prado',
    },
    description: {
      es: 'Una de las pinacotecas más importantes del mundo, con obras de Velázquez, Goya y El Bosco. Entrada gratuita las dos últimas horas del día.',
      en: "One of the world's great art museums, with works by Velázquez, Goya and Bosch. Free entry during the last two hours of the day.",
      fr: "L'un des plus grands musées de peinture au monde, avec des œuvres de Velázquez, Goya et Jérôme Bosch. Entrée gratuite les deux dernières heures de la journée.",
    },
    address: 'Paseo del Prado s/n, 28014 Madrid',
    url: 'https://www.museodelprado.es',
    location: walk(8),
    lat: 40.4138,
    lng: -3.6921,
  },
  {
    category: 'culture',
    name: {
      es: 'Museo Reina Sofía',
      en: 'Reina Sofía Museum',
      fr: 'Musée Reina Sofía',
    },
    description: {
      es: 'Museo de arte moderno y contemporáneo que alberga el Guernica de Picasso. Cerrado los martes.',
      en: "Museum of modern and contemporary art, home to Picasso's Guernica. Closed on Tuesdays.",
      fr: "Musée d'art moderne et contemporain qui abrite Guernica de Picasso. Fermé le mardi.",
    },
    address: 'Calle de Santa Isabel 52, 28012 Madrid',
    url: 'https://www.museoreinasofia.es',
    location: walk(12),
    lat: 40.408,
    lng: -3.6946,
  },
  {
    category: 'culture',
    name: {
      es: 'Casa Museo Lope de Vega',
      en: 'Lope de Vega House Museum',
      fr: 'Maison-musée Lope de Vega',
    },
    description: {
      es: 'La casa donde vivió el dramaturgo Lope de Vega, con su jardín y mobiliario de época. Visitas guiadas gratuitas con reserva.',
      en: 'The house where the playwright Lope de Vega lived, with its garden and period furniture. Free guided tours by reservation.',
      fr: "La maison où vécut le dramaturge Lope de Vega, avec son jardin et son mobilier d'époque. Visites guidées gratuites sur réservation.",
    },
    address: 'Calle de Cervantes 11, 28014 Madrid',
    url: 'https://www.madrid.org/casamuseolopedevega',
    location: '',
    lat: 40.4142,
    lng: -3.697,
  },
];

/** Amenities per hotel account, by the account's slug. */
const AMENITIES_BY_SLUG: Readonly<Record<string, readonly AmenitySource<AnyText>[]>> = {
  'canal-house-amsterdam': AMSTERDAM,
  'spree-loft-berlin': BERLIN,
  'casa-alameda-madrid': MADRID,
};

/** A hotel account to seed amenities for. */
export interface AmenityOwner {
  id: number;
  slug: string;
  /** The account's locales, source locale first: every item gets one record per locale. */
  locales: readonly Locale[];
  /** When the account was created, so its content is created after it. */
  createdDaysAgo: number;
}

function translate(text: AnyText, locale: Locale, what: string): string {
  const value = text[locale];
  if (value === undefined) throw new Error(`Amenity seed: no ${locale} text for ${what}`);
  return value;
}

/**
 * The six categories and the amenities of every owner, one record per locale of the owner.
 * Ids are sequential per collection (owner, then item, then locale); `iso(daysAgo, hour)` turns
 * day offsets from today into timestamps, as for the users.
 */
export function buildAmenities(
  owners: readonly AmenityOwner[],
  iso: (daysAgo: number, hour: number) => string,
): { categories: Omit<AmenityCategory, 'position'>[]; amenities: SeededAmenity[] } {
  const categories: Omit<AmenityCategory, 'position'>[] = [];
  const amenities: SeededAmenity[] = [];

  for (const owner of owners) {
    const sources = AMENITIES_BY_SLUG[owner.slug];
    if (sources === undefined) throw new Error(`Amenity seed: no amenities for ${owner.slug}`);

    // Category id by key and locale, for this owner.
    const categoryIds = new Map<string, number>();
    for (const [index, key] of CATEGORY_KEYS.entries()) {
      const { color, name } = CATEGORIES[key];
      for (const [localeIndex, locale] of owner.locales.entries()) {
        // Set up two days after the account; each translation a day after the previous one.
        const createdAt = iso(owner.createdDaysAgo - 2 - localeIndex, 9 + index);
        const id = categories.length + 1;
        categoryIds.set(`${key}/${locale}`, id);
        categories.push({
          id,
          ownerId: owner.id,
          groupId: `cat-${owner.id}-${key}`,
          locale,
          name: name[locale],
          color,
          active: true,
          createdAt,
          updatedAt: createdAt,
        });
      }
    }

    for (const [index, source] of sources.entries()) {
      const number = String(index + 1).padStart(2, '0');
      const groupId = `amenity-${owner.id}-${number}`;
      const active = source.active ?? true;
      // One new amenity every three days from five days after the account was created.
      const createdDaysAgo = owner.createdDaysAgo - 5 - index * 3;
      const edited = index % 4 === 1 || !active;
      for (const [localeIndex, locale] of owner.locales.entries()) {
        const categoryId = categoryIds.get(`${source.category}/${locale}`);
        if (categoryId === undefined) throw new Error(`Amenity seed: no category for ${groupId}`);
        const daysAgo = createdDaysAgo - localeIndex;
        const createdAt = iso(daysAgo, 10 + (index % 7));
        amenities.push({
          id: amenities.length + 1,
          ownerId: owner.id,
          groupId,
          locale,
          name:
            typeof source.name === 'string'
              ? source.name
              : translate(source.name, locale, `${groupId} name`),
          description: translate(source.description, locale, `${groupId} description`),
          address: source.address,
          // No linked page.
          pageId: null,
          // An amenity has a website or a linked page (spec §3): one without a website of its own
          // points at its place on the map.
          url:
            source.url ||
            `https://www.openstreetmap.org/?mlat=${source.lat}&mlon=${source.lng}#map=18/${source.lat}/${source.lng}`,
          categoryId,
          active,
          location:
            source.location === '' ? '' : translate(source.location, locale, `${groupId} location`),
          coordinates: { lat: source.lat, lng: source.lng },
          // Photos are the hotel's own uploads; the demo starts without.
          photo: '',
          createdAt,
          updatedAt: edited ? iso(daysAgo - 10 - (index % 5) * 4, 16) : createdAt,
        });
      }
    }
  }

  return { categories, amenities };
}
