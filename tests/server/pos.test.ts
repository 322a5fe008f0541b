import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { divideRounded, includedVat, priceLines } from '../../mock-server/pos/pricing';
import { buildSeed } from '../../mock-server/seed/seed';
import type { RecordRow } from '../../mock-server/store/types';
import { MAX_PAGE_SIZE } from '../../src/schema/paging';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  storedCollections,
  startServer,
  userId,
  type TestServer,
} from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const AMS = 'canal-house-amsterdam';

describe('pricing (prices include VAT)', () => {
  it('takes the VAT out of the price per line, at 9, 21 and 0 %', () => {
    expect(priceLines([{ unitPrice: 280, quantity: 1, vatRate: 9 }])).toMatchObject({
      total: 280,
      vat: 23, // 280 × 9 / 109 = 23.12
      subtotal: 257,
    });
    expect(priceLines([{ unitPrice: 8500, quantity: 1, vatRate: 21 }])).toMatchObject({
      total: 8500,
      vat: 1475, // 8500 × 21 / 121 = 1475.21
      subtotal: 7025,
    });
    expect(priceLines([{ unitPrice: 999, quantity: 3, vatRate: 0 }])).toMatchObject({
      total: 2997,
      vat: 0,
      subtotal: 2997,
    });
  });

  it('adds up lines of different rates', () => {
    const pricing = priceLines([
      { unitPrice: 280, quantity: 2, vatRate: 9 }, // 560, VAT 46.24 → 46
      { unitPrice: 1200, quantity: 1, vatRate: 21 }, // 1200, VAT 208.26 → 208
      { unitPrice: 350, quantity: 1, vatRate: 0 },
    ]);
    expect(pricing.lines.map((line) => [line.lineTotal, line.vat])).toEqual([
      [560, 46],
      [1200, 208],
      [350, 0],
    ]);
    expect(pricing).toMatchObject({ total: 2110, vat: 254, subtotal: 1856 });
  });

  it('rounds each line, not the sum', () => {
    // 100 × 9 / 109 = 8.26 → 8 per line; on the sum it would be 16.51 → 17.
    const pricing = priceLines([
      { unitPrice: 100, quantity: 1, vatRate: 9 },
      { unitPrice: 100, quantity: 1, vatRate: 9 },
    ]);
    expect(pricing).toMatchObject({ total: 200, vat: 16, subtotal: 184 });
  });

  it('rounds half away from zero, exactly', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(7, 4)).toBe(2);
    expect(divideRounded(-7, 4)).toBe(-2);
    expect(divideRounded(0, 7)).toBe(0);
    // At 20 %: 3 × 20 / 120 = 0.5 → 1; 9 × 20 / 120 = 1.5 → 2; −3 → −1.
    expect(includedVat(3, 20)).toBe(1);
    expect(includedVat(9, 20)).toBe(2);
    expect(includedVat(-3, 20)).toBe(-1);
    expect(includedVat(1234, 0)).toBe(0);
  });

  it('prices nothing as zero and refuses non-integer amounts', () => {
    expect(priceLines([])).toEqual({ lines: [], subtotal: 0, vat: 0, total: 0 });
    expect(() => priceLines([{ unitPrice: 2.5, quantity: 1, vatRate: 9 }])).toThrow(RangeError);
    expect(() => priceLines([{ unitPrice: 250, quantity: 1.5, vatRate: 9 }])).toThrow(RangeError);
  });
});

describe('seed', () => {
  const today = Date.UTC(2026, 2, 15);
  const state = buildSeed({ today: new Date(today) });
  const hotels = state.users.filter((user) => user.role === 'operator');

  it('gives every hotel 4 categories, 30–60 products and 500 transactions', () => {
    expect(hotels.map((hotel) => hotel.id)).toEqual([3, 4, 5]);
    for (const hotel of hotels) {
      const own = (rows: RecordRow[]) => rows.filter((row) => row.ownerId === hotel.id);
      const categories = own(state['pos-categories']);
      const products = own(state['pos-products']);
      expect(categories.map((row) => row.position)).toEqual([1, 2, 3, 4]);
      expect(products.length).toBeGreaterThanOrEqual(30);
      expect(products.length).toBeLessThanOrEqual(60);
      expect(products.some((row) => row.active === false)).toBe(true);
      expect(products.some((row) => typeof row.stock === 'number')).toBe(true);
      for (const product of products) {
        expect(Number.isInteger(product.price)).toBe(true);
        expect([0, 9, 21]).toContain(product.vatRate);
        expect(categories.map((row) => row.id)).toContain(product.categoryId);
      }
      const transactions = own(state['pos-transactions']);
      expect(transactions).toHaveLength(500);
      const statuses = new Set(transactions.map((row) => row.status));
      expect([...statuses].sort()).toEqual(['paid', 'pending', 'refunded', 'void']);
    }
    const names = (id: number) =>
      state['pos-categories'].filter((row) => row.ownerId === id).map((row) => row.name);
    expect(names(3)).toEqual(['Bar', 'Ontbijt', 'Minibar', 'Spa']);
    expect(names(4)).toEqual(['Bar', 'Frühstück', 'Minibar', 'Spa']);
    expect(names(5)).toEqual(['Bar', 'Desayuno', 'Minibar', 'Spa']);
  });

  it('numbers ids per collection and transactions per hotel', () => {
    for (const name of ['pos-categories', 'pos-products', 'pos-transactions'] as const) {
      expect(state[name].map((row) => row.id)).toEqual(state[name].map((_, index) => index + 1));
    }
    const amsterdam = state['pos-transactions'].filter((row) => row.ownerId === 3);
    expect(amsterdam[0]!.number).toBe('AMS-000001');
    expect(amsterdam.at(-1)!.number).toBe('AMS-000500');
    expect(state['pos-transactions'].find((row) => row.ownerId === 4)!.number).toBe('BER-000001');
    expect(state['pos-transactions'].find((row) => row.ownerId === 5)!.number).toBe('MAD-000001');
  });

  it('prices every transaction with the pricing function, within the 90 days before today', () => {
    const products = new Map(state['pos-products'].map((row) => [row.id, row]));
    for (const row of state['pos-transactions']) {
      // The seed keeps each line's VAT rate beside the declared parts.
      const items = row.items as ((typeof row.items)[number] & { vatRate: number })[];
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(items.length).toBeLessThanOrEqual(4);
      for (const item of items) expect(products.get(item.productId)?.ownerId).toBe(row.ownerId);
      const pricing = priceLines(items);
      expect([row.subtotal, row.vat, row.total]).toEqual([
        pricing.subtotal,
        pricing.vat,
        pricing.total,
      ]);
      const at = Date.parse(String(row.createdAt));
      expect(at).toBeGreaterThanOrEqual(today - 90 * DAY);
      expect(at).toBeLessThan(today);
      expect(String(row.room)).toMatch(/^[1-4](0[1-9]|1\d|20)$/);
      if (row.status === 'refunded') {
        expect(String(row.refundReason).length).toBeGreaterThan(0);
        expect(Date.parse(String(row.refundedAt))).toBeGreaterThanOrEqual(at);
        expect(Date.parse(String(row.refundedAt))).toBeLessThan(today);
      } else {
        expect(row.refundReason).toBeNull();
      }
      if (row.status === 'pending') expect(row.paymentMethod).toBe('roomCharge');
    }
  });

  it('is deterministic for a given day', () => {
    const again = buildSeed({ today: new Date(today) });
    expect(again['pos-transactions']).toEqual(state['pos-transactions']);
    expect(again['pos-products']).toEqual(state['pos-products']);
  });
});

describe('the API', () => {
  let server: TestServer;
  let amsterdam: string;
  let berlin: string;
  let admin: string;
  let amsterdamId: number;
  let berlinId: number;

  beforeEach(async () => {
    server = await startServer();
    [amsterdam, berlin, admin] = await Promise.all([
      server.login(AMSTERDAM),
      server.login(BERLIN),
      server.login(ADMIN),
    ]);
    amsterdamId = userId(server, AMSTERDAM);
    berlinId = userId(server, BERLIN);
  });
  afterEach(async () => {
    await server.close();
  });

  const send = (method: string, urlPath: string, token?: string, json?: unknown) =>
    server.send(method, urlPath, token, json);
  const order = (json: unknown, slug = AMS) =>
    send('POST', `/public/${slug}/orders`, undefined, json);
  /** Amsterdam's demo stay (AMS-1001, Jansen, room 204) and a guest session for it. */
  const demoStay = () => server.data.one('stays', { reference: 'AMS-1001' });
  const guestOrder = async (json: unknown) => {
    const session = await send('POST', `/public/${AMS}/guest-session`, undefined, {
      reference: 'AMS-1001',
    });
    const { guestToken } = session.body as { guestToken: string };
    return send('POST', `/public/${AMS}/orders`, guestToken, json);
  };
  /**
   * What the store keeps: the JSON file on disk, or (PostgreSQL) every collection as the
   * database holds it.
   */
  const persisted = async () =>
    (await storedCollections(server)) as unknown as Record<string, RecordRow[]>;
  /** Everything an order or a refund could change: the collections as read and as stored. */
  const snapshot = async () =>
    JSON.stringify([
      await server.data.all('pos-products'),
      await server.data.all('pos-transactions'),
      await persisted(),
    ]);
  /** A product's stock as stored now. */
  const stockOf = async (id: number) => (await server.data.get('pos-products', id))?.stock;
  const product = async (
    ownerId: number,
    where: (row: RecordRow) => boolean,
  ): Promise<RecordRow> => {
    const found = (await server.data.find('pos-products', { ownerId })).find(where);
    if (!found) throw new Error('no such product');
    return found;
  };
  const withStock = (ownerId: number) =>
    product(
      ownerId,
      (row) => row.active === true && typeof row.stock === 'number' && row.stock > 5,
    );
  const withoutStock = (ownerId: number) =>
    product(ownerId, (row) => row.active === true && row.stock === undefined);
  const transaction = async (ownerId: number, status: string) => {
    const [found] = await server.data.find('pos-transactions', { ownerId, status });
    if (!found) throw new Error(`no ${status} transaction`);
    return found;
  };

  describe('POST /public/:slug/orders', () => {
    it('prices the order itself, ignoring totals and prices sent, and takes the stock', async () => {
      const minibar = await withStock(amsterdamId);
      const coffee = await withoutStock(amsterdamId);
      const stockBefore = Number(minibar.stock);
      const response = await guestOrder({
        items: [
          { productId: minibar.id, quantity: 2, unitPrice: 1, price: 1 },
          { productId: coffee.id, quantity: 1, name: 'Free coffee' },
        ],
        room: ' 204 ',
        total: 1,
        subtotal: 1,
        vat: 0,
        status: 'paid',
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const lines = [
        {
          productId: minibar.id,
          name: minibar.name,
          quantity: 2,
          unitPrice: minibar.price,
          vatRate: minibar.vatRate,
        },
        {
          productId: coffee.id,
          name: coffee.name,
          quantity: 1,
          unitPrice: coffee.price,
          vatRate: coffee.vatRate,
        },
      ];
      const pricing = priceLines(
        lines as { unitPrice: number; quantity: number; vatRate: number }[],
      );
      expect(pricing.total).toBe(Number(minibar.price) * 2 + Number(coffee.price));
      const body = response.body as RecordRow;
      // The guest app is not told the hotel's internal id; the room is the stay's.
      expect(body).toEqual({
        id: expect.any(Number),
        number: 'AMS-000501',
        createdAt: new Date(server.clock.now()).toISOString(),
        items: lines,
        subtotal: pricing.subtotal,
        vat: pricing.vat,
        total: pricing.total,
        paymentMethod: 'roomCharge',
        status: 'pending',
        room: '204',
        refundReason: null,
        refundedAt: null,
        stayId: (await demoStay()).id,
        version: 1,
      });
      expect((await server.data.all('pos-transactions')).at(-1)).toEqual({
        ...body,
        ownerId: amsterdamId,
      });
      expect(await stockOf(minibar.id)).toBe(stockBefore - 2);
      const stored = await persisted();
      expect(stored['pos-transactions']!.at(-1)).toEqual({ ...body, ownerId: amsterdamId });
      expect(stored['pos-products']!.find((row) => row.id === minibar.id)!.stock).toBe(
        stockBefore - 2,
      );

      // The next one continues the hotel's sequence; without a guest session an order waits for
      // the hotel to confirm it.
      const second = await order({ items: [{ productId: coffee.id, quantity: 3 }] });
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({
        number: 'AMS-000502',
        paymentMethod: 'card',
        status: 'pending',
        room: '',
        total: Number(coffee.price) * 3,
      });
      const cash = await order({
        items: [{ productId: coffee.id, quantity: 1 }],
        room: '101',
        paymentMethod: 'cash',
      });
      expect(cash.body).toMatchObject({
        number: 'AMS-000503',
        paymentMethod: 'cash',
        status: 'pending',
      });
      // A guest with a session pays by card at once.
      const card = await guestOrder({
        items: [{ productId: coffee.id, quantity: 1 }],
        paymentMethod: 'card',
      });
      expect(card.body).toMatchObject({ number: 'AMS-000504', status: 'paid', room: '204' });
    });

    it('keeps the name and price of the time of sale', async () => {
      const coffee = await withoutStock(amsterdamId);
      const first = (await order({ items: [{ productId: coffee.id, quantity: 1 }] }))
        .body as RecordRow;
      const response = await send('PATCH', `/pos-products/${coffee.id}`, amsterdam, {
        name: 'Doppio',
        price: 999,
      });
      expect(response.status).toBe(200);
      const stored = (await server.data.get('pos-transactions', first.id))!;
      expect(stored.items).toEqual(first.items);
      const second = (await order({ items: [{ productId: coffee.id, quantity: 1 }] })).body;
      expect(second).toMatchObject({ items: [{ name: 'Doppio', unitPrice: 999 }], total: 999 });
    });

    it('refuses a room charge without a guest session (401), whatever room is named', async () => {
      const before = await snapshot();
      for (const room of [undefined, '204']) {
        const response = await order({
          items: [{ productId: (await withoutStock(amsterdamId)).id, quantity: 1 }],
          paymentMethod: 'roomCharge',
          ...(room ? { room } : {}),
        });
        expect(response.status).toBe(401);
        expect((response.body as ApiErrorBody).message).toBe(
          'Sign in with your booking reference to charge an order to your room',
        );
      }
      expect(await snapshot()).toBe(before);
    });

    const refusals: [
      string,
      (ids: { ams: RecordRow; ber: RecordRow; inactive: RecordRow }) => unknown,
      string,
      RegExp,
    ][] = [
      [
        'an unknown product',
        () => ({ items: [{ productId: 99999, quantity: 1 }], room: '101' }),
        'items.0.productId',
        /^Unknown product$/,
      ],
      [
        "another hotel's product",
        ({ ams, ber }) => ({
          items: [
            { productId: ams.id, quantity: 1 },
            { productId: ber.id, quantity: 1 },
          ],
        }),
        'items.1.productId',
        /^Unknown product$/,
      ],
      [
        'an inactive product',
        ({ inactive }) => ({ items: [{ productId: inactive.id, quantity: 1 }] }),
        'items.0.productId',
        /is not available$/,
      ],
      [
        'quantity 0',
        ({ ams }) => ({ items: [{ productId: ams.id, quantity: 0 }] }),
        'items.0.quantity',
        /at least 1/,
      ],
      [
        'quantity −1',
        ({ ams }) => ({ items: [{ productId: ams.id, quantity: -1 }] }),
        'items.0.quantity',
        /at least 1/,
      ],
      [
        'quantity 1.5',
        ({ ams }) => ({ items: [{ productId: ams.id, quantity: 1.5 }] }),
        'items.0.quantity',
        /whole number/,
      ],
      [
        'a quantity that is text',
        ({ ams }) => ({ items: [{ productId: ams.id, quantity: '2' }] }),
        'items.0.quantity',
        /number/,
      ],
      [
        'a missing product id',
        () => ({ items: [{ quantity: 1 }] }),
        'items.0.productId',
        /product id/,
      ],
      ['no items', () => ({ items: [], room: '101' }), 'items', /at least one item/],
      ['missing items', () => ({ room: '101' }), 'items', /required/],
      [
        'more than 50 lines',
        ({ ams }) => ({
          items: Array.from({ length: 51 }, () => ({ productId: ams.id, quantity: 1 })),
        }),
        'items',
        /at most 50/,
      ],
      [
        'an unknown payment method',
        ({ ams }) => ({ items: [{ productId: ams.id, quantity: 1 }], paymentMethod: 'bitcoin' }),
        'paymentMethod',
        /card, cash, roomCharge/,
      ],
    ];
    it.each(refusals)(
      'refuses %s with 422 and writes nothing',
      async (_label, body, field, text) => {
        const ids = {
          ams: await withoutStock(amsterdamId),
          ber: await withoutStock(berlinId),
          inactive: await product(amsterdamId, (row) => row.active === false),
        };
        const before = await snapshot();
        const response = await order(body(ids));
        expect(response.status).toBe(422);
        const error = response.body as ApiErrorBody;
        expect(error).toMatchObject({
          message: 'Validation failed',
          statusCode: 422,
          code: 'apiErrors.validationFailed',
          values: {},
        });
        expect(error.errors?.[field]?.[0]).toMatch(text);
        expect(await snapshot()).toBe(before);
      },
    );

    it('answers 404 for an unknown slug or one that is not a hotel', async () => {
      const before = await snapshot();
      const item = { items: [{ productId: (await withoutStock(amsterdamId)).id, quantity: 1 }] };
      for (const slug of ['no-such-hotel', 'daniel-brooks']) {
        const response = await order(item, slug);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({
          message: 'Not found',
          statusCode: 404,
          code: 'apiErrors.notFound',
          values: {},
        });
      }
      // A hotel never sells another hotel's product, even through its own slug.
      const berlinOrder = await order(item, 'spree-loft-berlin');
      expect(berlinOrder.status).toBe(422);
      expect(await snapshot()).toBe(before);
    });

    it('refuses more than the stock with 409, counting all lines of a product', async () => {
      const minibar = await withStock(amsterdamId);
      const stock = Number(minibar.stock);
      const before = await snapshot();
      const over = await order({
        items: [{ productId: minibar.id, quantity: stock + 1 }],
        room: '101',
      });
      expect(over.status).toBe(409);
      expect((over.body as ApiErrorBody).message).toBe(
        `Not enough stock of ${String(minibar.name)}: ${stock} left, ${stock + 1} ordered`,
      );
      const split = await order({
        items: [
          { productId: minibar.id, quantity: stock },
          { productId: (await withoutStock(amsterdamId)).id, quantity: 1 },
          { productId: minibar.id, quantity: 1 },
        ],
        room: '101',
      });
      expect(split.status).toBe(409);
      expect(await snapshot()).toBe(before);
      // Exactly the stock is fine and leaves 0.
      const all = await order({ items: [{ productId: minibar.id, quantity: stock }], room: '101' });
      expect(all.status).toBe(201);
      expect(await stockOf(minibar.id)).toBe(0);
    });

    it('refuses a body that is not JSON or not an object', async () => {
      const before = await snapshot();
      const text = await server.request('POST', `/public/${AMS}/orders`, {
        body: 'items=1',
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(text.status).toBe(415);
      const list = await order([{ productId: 1, quantity: 1 }]);
      expect(list.status).toBe(400);
      expect(await snapshot()).toBe(before);
    });

    it('answers the preflight of a guest app on any site', async () => {
      const response = await server.request('OPTIONS', `/public/${AMS}/orders`, {
        headers: { Origin: 'https://guest.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    });
  });

  describe('POST /pos-transactions/:id/refund', () => {
    const refund = (id: unknown, token?: string, json: unknown = { reason: 'Wrong dish served' }) =>
      send('POST', `/pos-transactions/${String(id)}/refund`, token, json);

    it('refunds a paid transaction once and puts the stock back', async () => {
      const minibar = await withStock(amsterdamId);
      const stock = Number(minibar.stock);
      const sale = {
        ...((
          await guestOrder({
            items: [{ productId: minibar.id, quantity: 3 }],
            paymentMethod: 'card',
          })
        ).body as RecordRow),
        ownerId: amsterdamId,
      };
      expect(await stockOf(minibar.id)).toBe(stock - 3);
      server.clock.advance(60_000);
      const response = await refund(sale.id, amsterdam, { reason: '  Wrong dish served ' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...sale,
        status: 'refunded',
        refundReason: 'Wrong dish served',
        refundedAt: new Date(server.clock.now()).toISOString(),
        version: 2,
      });
      expect(await stockOf(minibar.id)).toBe(stock);
      const stored = await persisted();
      expect(stored['pos-transactions']!.find((row) => row.id === sale.id)!.status).toBe(
        'refunded',
      );

      const before = await snapshot();
      const again = await refund(sale.id, amsterdam);
      expect(again.status).toBe(409);
      expect((again.body as ApiErrorBody).message).toBe(
        'This transaction has already been refunded',
      );
      expect(await snapshot()).toBe(before);
    });

    it('refuses pending and void transactions with 409', async () => {
      const before = await snapshot();
      for (const status of ['pending', 'void']) {
        const response = await refund((await transaction(amsterdamId, status)).id, amsterdam);
        expect(response.status).toBe(409);
        expect((response.body as ApiErrorBody).message).toBe(
          `Only paid transactions can be refunded; this one is ${status}`,
        );
      }
      expect(await snapshot()).toBe(before);
    });

    it('needs a reason of 1–300 characters', async () => {
      const paid = await transaction(amsterdamId, 'paid');
      const before = await snapshot();
      for (const json of [
        {},
        { reason: '' },
        { reason: '   ' },
        { reason: 'x'.repeat(301) },
        { reason: 5 },
      ]) {
        const response = await refund(paid.id, amsterdam, json);
        expect(response.status).toBe(422);
        expect((response.body as ApiErrorBody).errors).toHaveProperty('reason');
      }
      expect(await snapshot()).toBe(before);
      expect((await refund(paid.id, amsterdam, { reason: 'x'.repeat(300) })).status).toBe(200);
    });

    it("hides another hotel's transaction (404) and lets an administrator refund", async () => {
      const paid = await transaction(amsterdamId, 'paid');
      const before = await snapshot();
      expect((await refund(paid.id, berlin)).status).toBe(404);
      expect((await refund(99999, amsterdam)).status).toBe(404);
      expect((await refund('abc', amsterdam)).status).toBe(404);
      expect((await refund(paid.id)).status).toBe(401);
      expect(await snapshot()).toBe(before);
      const response = await refund(paid.id, admin, { reason: 'Goodwill' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: paid.id,
        status: 'refunded',
        refundReason: 'Goodwill',
      });
    });
  });

  describe('the generic API', () => {
    it('refuses to write transactions (405)', async () => {
      const before = await snapshot();
      const body = { number: 'X', total: 1 };
      expect((await send('POST', '/pos-transactions', amsterdam, body)).status).toBe(405);
      expect((await send('POST', '/pos-transactions', admin, body)).status).toBe(405);
      const { id } = await transaction(amsterdamId, 'paid');
      for (const method of ['PATCH', 'PUT', 'DELETE']) {
        expect((await send(method, `/pos-transactions/${id}`, amsterdam, body)).status).toBe(405);
      }
      expect(await snapshot()).toBe(before);
    });

    it('lists only the own records of an operator, everything for an administrator', async () => {
      for (const name of ['pos-categories', 'pos-products', 'pos-transactions']) {
        const all = await server.data.all(name);
        const own = await send('GET', `/${name}?ownerId=${berlinId}`, amsterdam);
        expect(own.status).toBe(200);
        const rows = own.body as RecordRow[];
        expect(rows.length).toBe(all.filter((row) => row.ownerId === amsterdamId).length);
        expect(rows.every((row) => row.ownerId === amsterdamId)).toBe(true);
        // A list without paging answers at most MAX_PAGE_SIZE records, and counts them all.
        const everything = await send('GET', `/${name}`, admin);
        expect((everything.body as RecordRow[]).length).toBe(Math.min(all.length, MAX_PAGE_SIZE));
        expect(everything.headers.get('x-total-count')).toBe(String(all.length));
        const foreign = all.find((row) => row.ownerId === berlinId)!;
        expect((await send('GET', `/${name}/${foreign.id}`, amsterdam)).status).toBe(404);
        expect((await send('GET', `/${name}/${foreign.id}`, berlin)).status).toBe(200);
      }
      const page = await server.request('GET', '/pos-transactions?_page=1&_limit=10&status=paid', {
        token: amsterdam,
      });
      expect(page.status).toBe(200);
      const paid = await server.data.count('pos-transactions', {
        ownerId: amsterdamId,
        status: 'paid',
      });
      expect(page.headers.get('x-total-count')).toBe(String(paid));
      expect((await send('GET', '/pos-transactions')).status).toBe(401);
    });

    it('accepts only the VAT rates the till knows on products', async () => {
      const [category] = await server.data.find('pos-categories', { ownerId: amsterdamId });
      const base = { name: 'Stroopwafel', categoryId: category!.id, price: 250 };
      const refused = await send('POST', '/pos-products', amsterdam, { ...base, vatRate: 10 });
      expect(refused.status).toBe(422);
      expect((refused.body as ApiErrorBody).errors?.vatRate?.[0]).toBe(
        'VAT rate must be one of 0, 9, 21 percent',
      );
      const created = await send('POST', '/pos-products', amsterdam, { ...base, vatRate: 9 });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        ownerId: amsterdamId,
        price: 250,
        vatRate: 9,
        active: true,
      });
      const id = (created.body as RecordRow).id;
      expect((await send('PATCH', `/pos-products/${id}`, amsterdam, { vatRate: 21 })).status).toBe(
        200,
      );
      expect((await send('PATCH', `/pos-products/${id}`, amsterdam, { vatRate: 19 })).status).toBe(
        422,
      );
    });

    it('keeps a category with products (409)', async () => {
      const [category] = await server.data.find('pos-categories', { ownerId: amsterdamId });
      const response = await send('DELETE', `/pos-categories/${category!.id}`, amsterdam);
      expect(response.status).toBe(409);
      expect(await server.data.all('pos-categories')).toContainEqual(category);
    });
  });
});
