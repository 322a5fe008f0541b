import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeed } from '../../mock-server/seed/seed';
import { checkAnswers, type FormField } from '../../src/resources/formAnswers';
import { forms as formsResource, MAX_FIELDS } from '../../src/resources/forms';
import { resourceSchema } from '../../src/schema/validation';
import type { ApiErrorBody } from '../../src/schema/user';
import { AMSTERDAM, BERLIN, startServer, userId, type TestServer } from './helpers';

/**
 * Forms on the server: the seed, the builder's rules (spec §5) with their messages as the API
 * answers them, the guest apps' public form and submission routes (answers checked against the
 * form's own fields, the honeypot, the body and rate limits), submissions kept with the form's
 * fields as they were, tenancy of forms and submissions, and Sync translating labels and option
 * texts while keeping names and values.
 */

type Row = Record<string, unknown> & { id: number };

const servers: TestServer[] = [];
const fakes: http.Server[] = [];
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const fake of fakes.splice(0)) {
    fake.closeAllConnections();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  }
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer({ env });
  servers.push(server);
  return server;
}

const errorsOf = (body: unknown) => (body as ApiErrorBody).errors ?? {};
const counts = async (server: TestServer) => ({
  forms: await server.data.count('forms'),
  submissions: await server.data.count('submissions'),
});

const AMSTERDAM_SLUG = 'canal-house-amsterdam';
const BERLIN_SLUG = 'spree-loft-berlin';

/** A valid Dutch form with one field of each of the seven types; `over` wins. */
const sampleForm = (over: Record<string, unknown> = {}) => ({
  label: 'Wensen voor uw verblijf',
  locale: 'nl',
  fields: [
    { name: 'name', label: 'Naam', type: 'text', required: true },
    { name: 'wishes', label: 'Wensen', type: 'textarea', required: false },
    { name: 'email', label: 'E-mail', type: 'email', required: true },
    { name: 'guests', label: 'Aantal gasten', type: 'number', required: false },
    { name: 'arrival', label: 'Aankomst', type: 'date', required: false },
    { name: 'newsletter', label: 'Nieuwsbrief', type: 'checkbox', required: false },
    {
      name: 'pillow',
      label: 'Kussen',
      type: 'select',
      required: false,
      options: [
        { value: 'soft', text: 'Zacht' },
        { value: 'firm', text: 'Stevig' },
      ],
    },
  ],
  ...over,
});

// ---------------------------------------------------------------------------------------------
// The seed

describe('the seeded forms', () => {
  const seed = buildSeed();
  const formRows = seed.forms as unknown as Row[];
  const submissionRows = seed.submissions as unknown as Row[];

  it('gives each hotel 3–5 forms in each of its languages, each valid by the declaration', () => {
    const hotels = seed.users.filter((user) => user.role === 'operator');
    for (const hotel of hotels) {
      for (const locale of hotel.locales) {
        const own = formRows.filter((row) => row.ownerId === hotel.id && row.locale === locale);
        expect(own.length, `${hotel.slug} ${locale}`).toBeGreaterThanOrEqual(3);
        expect(own.length).toBeLessThanOrEqual(5);
      }
    }
    const schema = resourceSchema(formsResource);
    for (const row of formRows) {
      const { label, locale, fields } = row;
      expect(
        schema.safeParse({ label, locale, fields }).error?.issues ?? [],
        row.groupId as string,
      ).toEqual([]);
    }
    // A feedback form with a select and a checkbox, in every language.
    const feedback = formRows.filter((row) => String(row.groupId).endsWith('feedback'));
    expect(feedback.length).toBe(8);
    for (const row of feedback) {
      const types = (row.fields as FormField[]).map((field) => field.type);
      expect(types).toEqual(expect.arrayContaining(['select', 'checkbox']));
    }
  });

  it('gives each form 20–200 submissions of the last 90 days, each valid for its form', () => {
    const now = Date.now();
    // A form (its translations together) has 20–200; each language has some.
    for (const group of new Set(formRows.map((row) => row.groupId))) {
      const ids = new Set(formRows.filter((row) => row.groupId === group).map((row) => row.id));
      const count = submissionRows.filter((row) => ids.has(row.formId as number)).length;
      expect(count, String(group)).toBeGreaterThanOrEqual(20);
      expect(count).toBeLessThanOrEqual(200);
    }
    for (const form of formRows) {
      const own = submissionRows.filter((row) => row.formId === form.id);
      expect(own.length).toBeGreaterThan(0);
      for (const row of own) {
        expect(row.ownerId).toBe(form.ownerId);
        expect(now - Date.parse(String(row.createdAt))).toBeLessThanOrEqual(91 * 86_400_000);
        expect(row.fields).toEqual(form.fields);
        const { answers, errors } = checkAnswers(row.fields as FormField[], row.data);
        expect(errors).toEqual({});
        expect(answers).toEqual(row.data);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The builder's rules, as the API answers them

describe('the rules of a form (spec §5)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await start();
    token = await server.login(AMSTERDAM);
  });

  /** POSTs a form whose fields are `fields`; expects 422 and answers the errors. */
  const refused = async (fields: unknown) => {
    const before = await counts(server);
    const answer = await server.send('POST', '/forms', token, sampleForm({ fields }));
    expect(answer.status, answer.text).toBe(422);
    expect(await counts(server)).toEqual(before);
    return errorsOf(answer.body);
  };
  const field = (over: Record<string, unknown> = {}) => ({
    name: 'room',
    label: 'Kamer',
    type: 'text',
    required: true,
    ...over,
  });
  const select = (options: unknown) => field({ type: 'select', options });

  it('stores a form with each of the seven types, a select with its options', async () => {
    const sent = sampleForm();
    const answer = await server.send('POST', '/forms', token, sent);
    expect(answer.status, answer.text).toBe(201);
    const created = answer.body as Row;
    expect(created.fields).toEqual(sent.fields);
    expect(created.submissionCount).toBe(0);
    expect((await server.data.get('forms', created.id))?.fields).toEqual(sent.fields);
  });

  it('needs a field name of letters, numbers and hyphens', async () => {
    expect(await refused([field({ name: '' })])).toEqual({
      'fields.0.name': ['Name is required'],
    });
    expect(await refused([field({ name: 'room number' })])).toEqual({
      'fields.0.name': ['Name may only contain letters, numbers and hyphens'],
    });
    expect(await refused([field({ name: 'kamer_nr' })])).toEqual({
      'fields.0.name': ['Name may only contain letters, numbers and hyphens'],
    });
  });

  it('needs a label, a type of the seven and the required flag', async () => {
    expect(await refused([field({ label: ' ' })])).toEqual({
      'fields.0.label': ['Label is required'],
    });
    expect(await refused([field({ type: undefined })])).toEqual({
      'fields.0.type': ['Type is required'],
    });
    expect(await refused([field({ type: 'radio' })])).toEqual({
      'fields.0.type': ['Type is not valid'],
    });
    expect(await refused([field({ required: undefined })])).toEqual({
      'fields.0.required': ['Required flag is required'],
    });
    expect(await refused([field({ required: 'yes' })])).toEqual({
      'fields.0.required': ['Required flag is not valid'],
    });
  });

  it('needs a select to have options, each with a value of letters, numbers and hyphens and a text', async () => {
    expect(await refused([select([])])).toEqual({ 'fields.0.options': ['Options is required'] });
    expect(await refused([select(undefined)])).toEqual({
      'fields.0.options': ['Options is required'],
    });
    expect(await refused([select([{ value: '', text: 'Zacht' }])])).toEqual({
      'fields.0.options.0.value': ['Value is required'],
    });
    expect(await refused([select([{ value: 'extra zacht', text: 'Extra zacht' }])])).toEqual({
      'fields.0.options.0.value': ['Value may only contain letters, numbers and hyphens'],
    });
    expect(await refused([select([{ value: 'soft', text: '' }])])).toEqual({
      'fields.0.options.0.text': ['Text is required'],
    });
  });

  it("rejects duplicate field names and duplicate option values ('Duplicate name', 'Duplicate option value')", async () => {
    expect(await refused([field(), field({ name: 'Room', label: 'Kamer 2' })])).toEqual({
      'fields.1.name': ['Duplicate name'],
    });
    expect(
      await refused([
        select([
          { value: 'soft', text: 'Zacht' },
          { value: 'soft', text: 'Heel zacht' },
        ]),
      ]),
    ).toEqual({ 'fields.0.options.1.value': ['Duplicate option value'] });
  });

  it('needs at least one field and at most the limit', async () => {
    expect(await refused([])).toEqual({ fields: ['Fields is required'] });
    const many = Array.from({ length: MAX_FIELDS + 1 }, (_, i) => field({ name: `f${i}` }));
    expect(await refused(many)).toEqual({
      fields: [`Fields may have at most ${MAX_FIELDS} entries`],
    });
  });

  it('keeps no options on a field that is not a select, nor parts nobody declared', async () => {
    const answer = await server.send(
      'POST',
      '/forms',
      token,
      sampleForm({
        fields: [field({ options: [{ value: 'a', text: 'A' }], placeholder: 'Typ hier' })],
      }),
    );
    expect(answer.status, answer.text).toBe(201);
    expect((answer.body as Row).fields).toEqual([field()]);
  });
});

// ---------------------------------------------------------------------------------------------
// Guest apps: the public form and its submissions

describe('the public form and its submissions', () => {
  let server: TestServer;
  let amsterdam: string;
  let berlin: string;
  let form: Row;
  const submit = (body: unknown, slug = AMSTERDAM_SLUG, id = form.id) =>
    server.send('POST', `/public/${slug}/forms/${id}/submissions`, undefined, body);
  beforeAll(async () => {
    server = await start();
    [amsterdam, berlin] = await Promise.all([server.login(AMSTERDAM), server.login(BERLIN)]);
    form = (await server.send('POST', '/forms', amsterdam, sampleForm())).body as Row;
  });

  it('serves the form to anyone, without the hotel behind it', async () => {
    const answer = await server.send('GET', `/public/${AMSTERDAM_SLUG}/forms/${form.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.body).toEqual({
      id: form.id,
      label: 'Wensen voor uw verblijf',
      locale: 'nl',
      fields: sampleForm().fields,
    });
  });

  it("answers another hotel's slug, an unknown form and a bad id with 404", async () => {
    for (const url of [
      `/public/${BERLIN_SLUG}/forms/${form.id}`,
      `/public/${AMSTERDAM_SLUG}/forms/999999999`,
      `/public/${AMSTERDAM_SLUG}/forms/abc`,
      `/public/no-such-hotel/forms/${form.id}`,
    ]) {
      expect((await server.send('GET', url)).status, url).toBe(404);
    }
    const before = await counts(server);
    expect(
      (await submit({ data: { name: 'X', email: 'x@example.com' } }, BERLIN_SLUG)).status,
    ).toBe(404);
    expect(await counts(server)).toEqual(before);
  });

  it('stores valid answers (201) with the form, its owner and its fields as they are now', async () => {
    const answer = await submit({
      data: {
        name: '  Anna Jansen ',
        wishes: 'Een rustige kamer',
        email: 'Anna@Example.com',
        guests: 2,
        arrival: '2026-12-24',
        newsletter: true,
        pillow: 'firm',
        unknown: 'dropped',
      },
    });
    expect(answer.status, answer.text).toBe(201);
    const kept = {
      name: 'Anna Jansen',
      wishes: 'Een rustige kamer',
      email: 'anna@example.com',
      guests: 2,
      arrival: '2026-12-24',
      newsletter: true,
      pillow: 'firm',
    };
    expect((answer.body as Row).data).toEqual(kept);
    const stored = (await server.data.all('submissions')).at(-1)!;
    expect(stored).toMatchObject({
      formId: form.id,
      ownerId: userId(server, AMSTERDAM),
      data: kept,
      fields: sampleForm().fields,
    });
    expect(stored.data).not.toHaveProperty('unknown');
  });

  it("answers each invalid answer with 422 under its own key in the form's language, and stores nothing", async () => {
    const before = await counts(server);
    const answer = await submit({
      data: {
        name: '',
        wishes: 'x'.repeat(5001),
        email: 'not-an-email',
        guests: 'two',
        arrival: '2026-02-30',
        newsletter: 'yes',
        pillow: 'feathers',
      },
    });
    expect(answer.status, answer.text).toBe(422);
    // In the form's language (Dutch), like its labels: not "Naam is required".
    expect(answer.body).toMatchObject({ message: 'Niet alle antwoorden zijn geldig' });
    expect(errorsOf(answer.body)).toEqual({
      'data.name': ['Naam is verplicht'],
      'data.wishes': ['Wensen mag maximaal 5000 tekens bevatten'],
      'data.email': ['E-mail moet een geldig e-mailadres zijn'],
      'data.guests': ['Aantal gasten moet een geldig getal zijn'],
      'data.arrival': ['Aankomst moet een geldige datum zijn'],
      'data.newsletter': ['Nieuwsbrief moet waar of onwaar zijn'],
      'data.pillow': ['Kussen moet een van de opties zijn'],
    });
    // With codes and values, for a guest app that words them itself.
    expect((answer.body as ApiErrorBody).errorCodes?.['data.wishes']).toEqual([
      { code: 'validation.tooLong', values: { field: 'Wensen', max: 5000 } },
    ]);
    expect(await counts(server)).toEqual(before);
    const missing = await submit({});
    expect(errorsOf(missing.body)).toEqual({
      'data.name': ['Naam is verplicht'],
      'data.email': ['E-mail is verplicht'],
    });
    expect((await submit({ data: ['Anna'] })).status).toBe(422);
    expect(await counts(server)).toEqual(before);
  });

  it('keeps old answers with the fields they were given for after the form changes', async () => {
    const before = await server.data.find('submissions', { formId: form.id });
    expect(before.length).toBeGreaterThan(0);
    const changed = await server.send('PATCH', `/forms/${form.id}`, amsterdam, {
      fields: [{ name: 'name', label: 'Volledige naam', type: 'textarea', required: true }],
    });
    expect(changed.status, changed.text).toBe(200);
    const after = await server.data.find('submissions', { formId: form.id });
    expect(after).toEqual(before);
    expect(after[0]!.fields).toEqual(sampleForm().fields);
    // New answers follow the form as it is now.
    const next = await submit({ data: { name: 'Tom', email: 'dropped@example.com' } });
    expect(next.status, next.text).toBe(201);
    expect((next.body as Row).data).toEqual({ name: 'Tom' });
  });

  it('answers a filled honeypot like a submission, and keeps nothing', async () => {
    const before = await counts(server);
    const answer = await submit({ data: { name: 'Spam' }, website: 'https://spam.example' });
    expect(answer.status).toBe(201);
    expect((answer.body as Row).data).toEqual({ name: 'Spam' });
    expect(await counts(server)).toEqual(before);
  });

  it('refuses a body over its limit (413)', async () => {
    const before = await counts(server);
    const answer = await submit({ data: { name: 'x'.repeat(70_000) } });
    expect(answer.status).toBe(413);
    expect(await counts(server)).toEqual(before);
  });

  it("keeps the form's submissions from Berlin: lists, records and deletes (404)", async () => {
    const [own] = await server.data.find('submissions', { formId: form.id });
    const list = await server.send('GET', `/forms/${form.id}/submissions`, amsterdam);
    expect(list.status).toBe(200);
    const rows = list.body as Row[];
    expect(rows.length).toBe(await server.data.count('submissions', { formId: form.id }));
    expect(rows.every((row) => row.formId === form.id)).toBe(true);
    expect((await server.send('GET', `/forms/${form.id}`, amsterdam)).body).toMatchObject({
      submissionCount: rows.length,
    });

    const before = await counts(server);
    expect((await server.send('GET', `/forms/${form.id}/submissions`, berlin)).status).toBe(404);
    expect((await server.send('GET', `/submissions/${own!.id}`, berlin)).status).toBe(404);
    expect((await server.send('DELETE', `/submissions/${own!.id}`, berlin)).status).toBe(404);
    expect((await server.send('DELETE', `/forms/${form.id}`, berlin)).status).toBe(404);
    const theirs = await server.send('GET', `/submissions?formId=${form.id}`, berlin);
    expect(theirs.body).toEqual([]);
    // Submissions are the guests': no one writes them through the dashboard's API.
    const forged = await server.send('POST', `/forms/${form.id}/submissions`, amsterdam, {
      data: { name: 'Forged', email: 'f@example.com' },
    });
    expect([403, 405]).toContain(forged.status);
    expect(await counts(server)).toEqual(before);
  });

  it('keeps a form with submissions until they are deleted (409), then deletes it', async () => {
    const blocked = await server.send('DELETE', `/forms/${form.id}`, amsterdam);
    expect(blocked.status).toBe(409);
    expect((await server.data.all('forms')).some((row) => row.id === form.id)).toBe(true);
    for (const row of await server.data.find('submissions', { formId: form.id })) {
      expect((await server.send('DELETE', `/submissions/${row.id}`, amsterdam)).status).toBe(200);
    }
    expect((await server.send('DELETE', `/forms/${form.id}`, amsterdam)).status).toBe(200);
    expect((await server.data.all('forms')).some((row) => row.id === form.id)).toBe(false);
  });
});

describe('the submission rate limit', () => {
  it('stops one client address after 20 submissions in 10 minutes (429), then lets it go on', async () => {
    const server = await start();
    const token = await server.login(AMSTERDAM);
    const form = (await server.send('POST', '/forms', token, sampleForm())).body as Row;
    const url = `/public/${AMSTERDAM_SLUG}/forms/${form.id}/submissions`;
    const body = { data: { name: 'Anna', email: 'anna@example.com' } };
    for (let i = 0; i < 20; i++) {
      expect((await server.send('POST', url, undefined, body)).status).toBe(201);
    }
    const blocked = await server.send('POST', url, undefined, body);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((blocked.body as ApiErrorBody).message).toBe(
      'Too many form submissions from this device. Try again later.',
    );
    server.clock.advance(10 * 60_000 + 1);
    expect((await server.send('POST', url, undefined, body)).status).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------
// Sync: labels and option texts translated, names and values kept

async function startLibreTranslate(): Promise<string> {
  const fake = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => {
      const body = JSON.parse(data) as { q: string[]; target: string };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ translatedText: body.q.map((text) => `[${body.target}] ${text}`) }));
    });
  });
  fakes.push(fake);
  fake.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => fake.once('listening', resolve));
  return `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
}

describe('Sync of a form', () => {
  it('translates the label, field labels and option texts, and keeps names and values', async () => {
    const url = await startLibreTranslate();
    const server = await start({ TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: url });
    const token = await server.login(AMSTERDAM);
    const created = await server.send('POST', '/forms', token, sampleForm());
    const source = created.body as Row;
    const sourceBefore = await server.data.get('forms', source.id);
    expect(sourceBefore).toBeDefined();
    const answer = await server.send('POST', '/forms/sync', token, {
      locale: 'nl',
      groupId: source.groupId,
    });
    expect(answer.status, answer.text).toBe(200);
    expect((answer.body as { created: Record<string, number> }).created).toEqual({ en: 1, de: 1 });
    const [copy] = await server.data.find('forms', {
      groupId: source.groupId as string,
      locale: 'de',
    });
    expect(copy!.label).toBe('[de] Wensen voor uw verblijf');
    const fields = copy!.fields as FormField[];
    expect(fields.map((f) => f.name)).toEqual(sampleForm().fields.map((f) => f.name));
    expect(fields.map((f) => f.label)).toEqual(sampleForm().fields.map((f) => `[de] ${f.label}`));
    expect(fields.at(-1)!.options).toEqual([
      { value: 'soft', text: '[de] Zacht' },
      { value: 'firm', text: '[de] Stevig' },
    ]);
    // The source is untouched by the translation of its copy.
    expect(await server.data.get('forms', source.id)).toEqual(sourceBefore);
  });
});

// ---------------------------------------------------------------------------------------------
// A page's form link

describe("a page's form link", () => {
  it('takes a form of the same hotel and language, and is emptied when the form goes', async () => {
    const server = await start();
    const [amsterdam, berlin] = await Promise.all([server.login(AMSTERDAM), server.login(BERLIN)]);
    const dutch = (await server.send('POST', '/forms', amsterdam, sampleForm())).body as Row;
    const english = (
      await server.send('POST', '/forms', amsterdam, sampleForm({ locale: 'en', label: 'Wishes' }))
    ).body as Row;
    const german = (
      await server.send('POST', '/forms', berlin, sampleForm({ locale: 'de', label: 'Wünsche' }))
    ).body as Row;
    const page = (slug: string, formId: number) => ({
      title: 'Uw wensen',
      slug,
      locale: 'nl',
      type: 'content',
      template: 'rows',
      body: '<p>Laat het ons weten.</p>',
      formId,
    });
    for (const [slug, form] of [
      ['wensen-en', english],
      ['wensen-de', german],
    ] as const) {
      const refused = await server.send('POST', '/pages', amsterdam, page(slug, form.id));
      expect(refused.status, refused.text).toBe(422);
      expect(errorsOf(refused.body)).toEqual({ formId: ['Choose an existing Form link'] });
    }
    const linked = await server.send('POST', '/pages', amsterdam, page('wensen', dutch.id));
    expect(linked.status, linked.text).toBe(201);
    expect((linked.body as Row).formId).toBe(dutch.id);
    expect((await server.send('DELETE', `/forms/${dutch.id}`, amsterdam)).status).toBe(200);
    const after = await server.send('GET', `/pages/${(linked.body as Row).id}`, amsterdam);
    expect((after.body as Row).formId).toBeNull();
  });
});
