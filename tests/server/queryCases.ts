// The differential cases of json-server 0.17.4's query language (query.test.ts asks json-server
// itself; query.pg.test.ts asks PostgreSQL for the same answers).

export type Item = Record<string, unknown>;

const CITIES = ['Berlin', 'Paris', 'Amsterdam', 'madrid', 'Zürich', 'Berlin-Mitte'];
const NAMES = ['Alpha', 'beta', 'Gamma', 'Delta', 'Bernard', 'Parisa', 'zeta'];
const CODES: unknown[] = ['007', 7, '10', 10, 'A1', true, 9, '9'];
const TAGS: unknown[][] = [['vip'], ['a', 'b'], [], ['late', 'vip'], [1, 2], ['b']];

/** 40 records of mixed shapes: numbers vs numeric strings, nulls, missing keys, nesting, arrays. */
function makeItem(i: number): Item {
  const id = i + 1;
  const item: Item = { id };
  if (i % 7 !== 3) item.name = `${NAMES[i % NAMES.length]} ${id}`;
  item.city = i % 9 === 0 ? null : CITIES[i % CITIES.length];
  if (i % 5 !== 0) {
    item.price = i % 4 === 0 ? String(40 + i * 7) : i % 6 === 1 ? null : 40 + i * 7;
  }
  if (i % 3 !== 2) item.active = i % 2 === 0;
  item.rating = Math.round(((i * 37) % 50) + 1) / 10;
  if (i % 8 !== 7) item.code = CODES[i % CODES.length];
  if (i % 6 === 5) item.coordinates = null;
  else if (i % 6 !== 4) item.coordinates = { lat: 40 + ((i * 13) % 150) / 10, lng: -3 + (i % 11) };
  if (i % 4 !== 3) item.tags = TAGS[i % TAGS.length];
  item.createdAt = new Date(Date.UTC(2024, i % 6, 1 + ((i * 5) % 28), i % 24)).toISOString();
  if (i % 5 === 1) item.owner = null;
  else if (i % 5 !== 4) {
    item.owner = {
      name: `Owner ${i % 4}`,
      contact: { email: `o${i % 4}@example.com`, phone: i * 101 },
    };
  }
  item.note = i === 12 ? 'x marks' : null;
  if (i % 10 === 0) item.count = 0;
  else if (i % 10 === 5) item.count = i * 2;
  return item;
}

export const dataset: Item[] = [
  ...Array.from({ length: 37 }, (_, i) => makeItem(i)),
  // Hand-made edge shapes.
  { id: 38, name: 'Only a name' },
  {
    id: 39,
    name: 'String lat',
    coordinates: { lat: '52.5', lng: '13.4' },
    price: 'n/a',
    active: 'yes',
  },
  { id: 40, city: 'Paris', price: 120, code: '10', tags: ['vip', 'a'], createdAt: '2024-02-15' },
];

/** Differential cases: json-server's router is the oracle for each query string. */
export const CASES = [
  '',
  'city=Berlin',
  'city=Berlin&city=Paris',
  'city=berlin',
  'active=true',
  'active=false',
  'active=yes',
  'price=120',
  'price=null',
  'price_ne=120',
  'price_ne=120&price_ne=208',
  'city_ne=Berlin&city_ne=Paris',
  'active_ne=true',
  'price_gte=100',
  'price_lte=100',
  'price_gte=100&price_lte=200',
  'price_gte=abc',
  'price_lte=2',
  'price_gte=100&price_gte=300',
  'code_gte=10',
  'code_lte=07',
  'code=7',
  'code=true',
  'id=3&id=7&id=40',
  'id_gte=35',
  'id_lte=9',
  'rating_gte=4.5',
  'createdAt_gte=2024-03-01',
  'createdAt_lte=2024-02-15T00:00:00Z',
  'name_like=^a',
  'name_like=ber|par',
  'city_like=e&city_like=^P',
  'name_like=\\d$',
  'coordinates.lat_gte=50',
  'coordinates.lat_lte=48.9&coordinates.lng_gte=2',
  'coordinates.lat=52.5',
  'coordinates=%5Bobject%20Object%5D',
  'owner.contact.email_like=o1@',
  'owner.contact.phone_gte=2000',
  'tags=a,b',
  'tags_like=vip',
  'tags.0=vip',
  'note_ne=x',
  'missing=1',
  'missing.deep=1',
  'missing_ne=1',
  'missing_like=a',
  'missing_gte=0',
  'q=berlin',
  'q=52',
  'q=TRUE',
  'q=0',
  'q=false',
  'q=example.com',
  'q=vip&q=zzz',
  'q=&q=berlin',
  'q=',
  '_sort=price',
  '_sort=price&_order=desc',
  '_sort=city,price&_order=asc,desc',
  '_sort=active,rating&_order=DESC',
  '_sort=coordinates.lat&_order=desc',
  '_sort=code',
  '_sort=name,id&_order=desc,desc',
  '_sort=missing',
  '_order=desc',
  '_start=5&_end=10',
  '_end=3',
  '_end=',
  '_end=abc',
  '_start=-5&_end=-1',
  '_start=5&_limit=4',
  '_limit=5',
  '_limit=0',
  '_start=3',
  '_start=2&_end=5&_limit=1',
  '_page=2',
  '_page=2&_limit=7',
  '_page=0&_limit=5',
  '_page=abc',
  '_page=99',
  '_page=2&_end=3',
  '_page=1&_limit=0',
  'city=Berlin&active=true&_sort=price&_order=desc&_page=1&_limit=2',
  'q=a&price_gte=50&_sort=name&_start=1&_limit=3',
  'city=Berlin&_sort=name&_order=desc',
  '_sort=price&_order=desc&_page=2&_limit=5',
  'missing=1&city=Paris&_sort=id&_order=desc&_end=2',
];
