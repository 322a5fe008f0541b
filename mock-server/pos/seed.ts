import type { RecordRow } from '../store/types';
import { formatNumber, numberPrefix, type PaymentMethod, type TransactionLine } from './orders';
import { priceLines } from './pricing';
import { mulberry32 } from '../seed/random';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const SEED = 0x9057_2024;
/** Transactions per hotel, on the 90 days before the seed day (none on the seed day itself). */
export const POS_TRANSACTIONS_PER_HOTEL = 500;
export const POS_DAYS = 90;

type Lang = 'nl' | 'de' | 'es';
type CategoryKey = 'bar' | 'breakfast' | 'minibar' | 'spa';
type Names = Record<Lang, string>;

const CATEGORIES: { key: CategoryKey; names: Names }[] = [
  { key: 'bar', names: { nl: 'Bar', de: 'Bar', es: 'Bar' } },
  { key: 'breakfast', names: { nl: 'Ontbijt', de: 'Frühstück', es: 'Desayuno' } },
  { key: 'minibar', names: { nl: 'Minibar', de: 'Minibar', es: 'Minibar' } },
  { key: 'spa', names: { nl: 'Spa', de: 'Spa', es: 'Spa' } },
];

/** `[category, names, price in cents, VAT %, stock?, active?]`. */
type ProductSpec = [CategoryKey, Names, number, number, number?, boolean?];
const same = (name: string): Names => ({ nl: name, de: name, es: name });

/**
 * The catalogue, the same in every hotel, named in the hotel's language. VAT 9 % on food and
 * soft drinks, 21 % on alcohol and spa services (Spain's 10 % is kept at 9 % for simplicity).
 */
const PRODUCTS: ProductSpec[] = [
  ['bar', same('Espresso'), 280, 9],
  ['bar', same('Cappuccino'), 360, 9],
  ['bar', { nl: 'Verse muntthee', de: 'Frischer Minztee', es: 'Té de menta fresca' }, 380, 9],
  [
    'bar',
    { nl: 'Vers sinaasappelsap', de: 'Frischer Orangensaft', es: 'Zumo de naranja natural' },
    450,
    9,
  ],
  ['bar', same('Club sandwich'), 1450, 9],
  [
    'bar',
    { nl: 'Bitterballen (8 stuks)', de: 'Currywurst mit Pommes', es: 'Patatas bravas' },
    850,
    9,
  ],
  ['bar', { nl: 'Kaasplankje', de: 'Käseplatte', es: 'Tabla de quesos' }, 1350, 9],
  ['bar', { nl: 'Huisburger', de: 'Hausburger', es: 'Hamburguesa de la casa' }, 1750, 9],
  [
    'bar',
    { nl: 'Tapenade met brood', de: 'Brot mit Dips', es: 'Pan con tomate' },
    650,
    9,
    undefined,
    false,
  ],
  ['bar', { nl: 'Tap pils 0,25 l', de: 'Pils vom Fass 0,3 l', es: 'Caña de cerveza' }, 420, 21],
  ['bar', { nl: 'Speciaalbier', de: 'Weißbier 0,5 l', es: 'Cerveza artesana' }, 650, 21],
  [
    'bar',
    { nl: 'Huiswijn rood (glas)', de: 'Hauswein rot (Glas)', es: 'Vino tinto de la casa (copa)' },
    650,
    21,
  ],
  [
    'bar',
    { nl: 'Huiswijn wit (glas)', de: 'Hauswein weiß (Glas)', es: 'Vino blanco de la casa (copa)' },
    650,
    21,
  ],
  ['bar', same('Gin-tonic'), 1200, 21],
  ['bar', same('Aperol spritz'), 1050, 21],
  ['bar', { nl: 'Fles champagne', de: 'Flasche Champagner', es: 'Botella de cava' }, 6500, 21],
  ['bar', same('Negroni'), 1250, 21, undefined, false],
  ['breakfast', { nl: 'Ontbijtbuffet', de: 'Frühstücksbuffet', es: 'Desayuno buffet' }, 2450, 9],
  [
    'breakfast',
    { nl: 'Continentaal ontbijt', de: 'Kontinentales Frühstück', es: 'Desayuno continental' },
    1650,
    9,
  ],
  [
    'breakfast',
    { nl: 'Ontbijt op de kamer', de: 'Frühstück aufs Zimmer', es: 'Desayuno en la habitación' },
    2850,
    9,
  ],
  ['breakfast', { nl: 'Eggs Benedict', de: 'Eier Benedict', es: 'Huevos Benedict' }, 1450, 9],
  ['breakfast', { nl: 'Pannenkoeken', de: 'Pfannkuchen', es: 'Tortitas' }, 1150, 9],
  [
    'breakfast',
    { nl: 'Yoghurt met granola', de: 'Joghurt mit Granola', es: 'Yogur con granola' },
    750,
    9,
  ],
  ['breakfast', { nl: 'Croissant', de: 'Croissant', es: 'Cruasán' }, 350, 9],
  [
    'breakfast',
    { nl: 'Omelet naar keuze', de: 'Omelett nach Wahl', es: 'Tortilla francesa' },
    1250,
    9,
  ],
  ['breakfast', { nl: 'Fruitsalade', de: 'Obstsalat', es: 'Macedonia de frutas' }, 850, 9],
  ['breakfast', { nl: 'Glas prosecco', de: 'Glas Sekt', es: 'Copa de cava' }, 850, 21],
  [
    'breakfast',
    { nl: 'Wentelteefjes', de: 'Arme Ritter', es: 'Torrijas' },
    950,
    9,
    undefined,
    false,
  ],
  [
    'minibar',
    { nl: 'Mineraalwater 0,5 l', de: 'Mineralwasser 0,5 l', es: 'Agua mineral 0,5 l' },
    350,
    9,
    60,
  ],
  ['minibar', same('Coca-Cola 0,33 l'), 400, 9, 48],
  ['minibar', { nl: 'Appelsap', de: 'Apfelsaft', es: 'Zumo de manzana' }, 400, 9, 36],
  ['minibar', same('Heineken 0,33 l'), 550, 21, 48],
  [
    'minibar',
    {
      nl: 'Witte wijn (fles 0,375 l)',
      de: 'Weißwein (Flasche 0,375 l)',
      es: 'Vino blanco (botella 0,375 l)',
    },
    1800,
    21,
    12,
  ],
  ['minibar', { nl: 'Whisky 5 cl', de: 'Whisky 5 cl', es: 'Whisky 5 cl' }, 900, 21, 20],
  ['minibar', { nl: 'Chips', de: 'Kartoffelchips', es: 'Patatas fritas' }, 350, 9, 40],
  ['minibar', { nl: 'Gezouten noten', de: 'Gesalzene Nüsse', es: 'Frutos secos' }, 450, 9, 40],
  [
    'minibar',
    { nl: 'Chocoladereep', de: 'Schokoladentafel', es: 'Tableta de chocolate' },
    400,
    9,
    30,
  ],
  ['minibar', { nl: 'Energiedrank', de: 'Energydrink', es: 'Bebida energética' }, 450, 9, 0, false],
  ['spa', { nl: 'Massage 60 min', de: 'Massage 60 Min.', es: 'Masaje 60 min' }, 8500, 21],
  ['spa', { nl: 'Massage 30 min', de: 'Massage 30 Min.', es: 'Masaje 30 min' }, 4900, 21],
  [
    'spa',
    {
      nl: 'Hot stone massage 90 min',
      de: 'Hot-Stone-Massage 90 Min.',
      es: 'Masaje con piedras 90 min',
    },
    11500,
    21,
  ],
  [
    'spa',
    { nl: 'Gezichtsbehandeling', de: 'Gesichtsbehandlung', es: 'Tratamiento facial' },
    7500,
    21,
  ],
  ['spa', { nl: 'Sauna dagentree', de: 'Sauna Tageskarte', es: 'Entrada a la sauna' }, 2500, 21],
  ['spa', { nl: 'Manicure', de: 'Maniküre', es: 'Manicura' }, 3900, 21],
  [
    'spa',
    { nl: 'Badjas (te koop)', de: 'Bademantel (zum Kauf)', es: 'Albornoz (a la venta)' },
    5900,
    21,
    10,
  ],
  ['spa', { nl: 'Yogales', de: 'Yogastunde', es: 'Clase de yoga' }, 2000, 21, undefined, false],
];

/** Opening hours (UTC, from/until in hours) of each category, for the times of the sales. */
const HOURS: Record<CategoryKey, [number, number]> = {
  breakfast: [6.5, 10.75],
  bar: [11, 24],
  minibar: [14, 24],
  spa: [9, 20],
};
/** How often each category makes a sale (the rest of an order may come from the bar). */
const CATEGORY_WEIGHTS: [CategoryKey, number][] = [
  ['bar', 0.45],
  ['breakfast', 0.3],
  ['minibar', 0.15],
  ['spa', 0.1],
];

const REFUND_REASONS: Record<Lang, string[]> = {
  nl: ['Dubbel aangeslagen', 'Gast niet tevreden over de kwaliteit', 'Verkeerd product geleverd'],
  de: ['Doppelt gebucht', 'Gast mit der Qualität unzufrieden', 'Falsches Produkt geliefert'],
  es: ['Cobrado dos veces', 'Cliente insatisfecho con la calidad', 'Producto equivocado'],
};

const langOf = (locale: string): Lang =>
  locale === 'de' || locale === 'es' || locale === 'nl' ? locale : 'nl';

/** Demo catalogue and transactions per hotel, deterministic for a given `today` (UTC midnight). */
export function buildPosSeed(
  hotels: { id: number; slug: string; sourceLocale: string }[],
  today: number,
): { categories: RecordRow[]; products: RecordRow[]; transactions: RecordRow[] } {
  const random = mulberry32(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const categories: RecordRow[] = [];
  const products: RecordRow[] = [];
  const transactions: RecordRow[] = [];

  for (const hotel of hotels) {
    const lang = langOf(hotel.sourceLocale);
    // The catalogue was set up before the period with sales and touched up a little later.
    const created = new Date(today - 120 * DAY_MS + 10 * 60 * MINUTE_MS).toISOString();
    const updated = new Date(today - 100 * DAY_MS + 15 * 60 * MINUTE_MS).toISOString();
    const categoryIds = new Map<CategoryKey, number>();
    CATEGORIES.forEach((category, index) => {
      const id = categories.length + 1;
      categoryIds.set(category.key, id);
      categories.push({
        id,
        ownerId: hotel.id,
        name: category.names[lang],
        image: '',
        active: true,
        position: index + 1,
        createdAt: created,
        updatedAt: created,
      });
    });
    const catalogue: (RecordRow & { key: CategoryKey })[] = [];
    for (const [key, names, price, vatRate, stock, active = true] of PRODUCTS) {
      const product: RecordRow = {
        id: products.length + 1,
        ownerId: hotel.id,
        name: names[lang],
        description: '',
        image: '',
        categoryId: categoryIds.get(key)!,
        price,
        vatRate,
        active,
        ...(stock === undefined ? {} : { stock }),
        createdAt: created,
        updatedAt: active ? created : updated,
      };
      products.push(product);
      if (active) catalogue.push({ ...product, key });
    }

    const byCategory = (key: CategoryKey) => catalogue.filter((product) => product.key === key);
    const sales: RecordRow[] = [];
    for (let index = 0; index < POS_TRANSACTIONS_PER_HOTEL; index++) {
      const daysAgo = 1 + Math.floor(random() * POS_DAYS);
      let roll = random();
      const [key] = CATEGORY_WEIGHTS.find(([, weight]) => (roll -= weight) < 0) ?? ['bar'];
      const [from, until] = HOURS[key];
      const minute = Math.floor((from + random() * (until - from)) * 60);
      const createdAt = today - daysAgo * DAY_MS + minute * MINUTE_MS;

      const lineCount = 1 + Math.floor(random() * random() * 4);
      const lines = new Map<number, TransactionLine>();
      for (let line = 0; line < lineCount; line++) {
        const product = pick(byCategory(line > 0 && random() < 0.25 ? 'bar' : key));
        const quantity = key === 'spa' ? 1 : 1 + Math.floor(random() * random() * 3);
        const existing = lines.get(product.id);
        if (existing) existing.quantity += quantity;
        else
          lines.set(product.id, {
            productId: product.id,
            name: String(product.name),
            quantity,
            unitPrice: Number(product.price),
            vatRate: Number(product.vatRate),
          });
      }
      const items = [...lines.values()];
      const pricing = priceLines(items);

      const method = random();
      const paymentMethod: PaymentMethod =
        method < 0.45 ? 'roomCharge' : method < 0.85 ? 'card' : 'cash';
      const outcome = random();
      // Room charges are settled at check-out: those of the last days are still open.
      let status = paymentMethod === 'roomCharge' && daysAgo <= 4 ? 'pending' : 'paid';
      let refundReason: string | null = null;
      let refundedAt: string | null = null;
      if (status === 'paid' && outcome < 0.03) {
        status = 'refunded';
        refundReason = pick(REFUND_REASONS[lang]);
        // Minutes to hours later, still before the seed day.
        const later = createdAt + (10 + Math.floor(random() * 240)) * MINUTE_MS;
        refundedAt = new Date(Math.min(later, today - MINUTE_MS)).toISOString();
      } else if (status === 'paid' && paymentMethod !== 'roomCharge' && outcome > 0.98) {
        status = 'void';
      }
      const floor = 1 + Math.floor(random() * 4);
      const room = `${floor}${String(1 + Math.floor(random() * 20)).padStart(2, '0')}`;
      sales.push({
        id: 0,
        ownerId: hotel.id,
        number: '',
        createdAt: new Date(createdAt).toISOString(),
        items,
        subtotal: pricing.subtotal,
        vat: pricing.vat,
        total: pricing.total,
        paymentMethod,
        status,
        room,
        refundReason,
        refundedAt,
      });
    }
    // Numbered per hotel in the order they were made.
    const prefix = numberPrefix(hotel.slug);
    sales.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    sales.forEach((sale, index) => {
      sale.number = formatNumber(prefix, index + 1);
      sale.id = transactions.length + 1;
      transactions.push(sale);
    });
  }
  return { categories, products, transactions };
}
