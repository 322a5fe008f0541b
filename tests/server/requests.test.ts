import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../mock-server/auth/mailer';
import { FLOOD_WINDOW_MS, MAILS_PER_WINDOW } from '../../mock-server/forms';
import type { ApiErrorBody } from '../../src/schema/user';
import { AMSTERDAM, BERLIN, startServer, type TestServer } from './helpers';

/**
 * Guest requests (issue 29): a submission's status, assignee and notes as the hotel handles it,
 * the reference a guest gets, the mail of a new request to the form's addresses (and its flood
 * cap), a form served as Form.io component JSON, and what Form.io's renderer submits.
 */

type Row = Record<string, unknown> & { id: number };

const SLUG = 'canal-house-amsterdam';
const errorsOf = (body: unknown) => (body as ApiErrorBody).errors ?? {};

/** A Dutch form with one field of each of the seven types. */
const dutchForm = (over: Record<string, unknown> = {}) => ({
  label: 'Late check-out',
  locale: 'nl',
  fields: [
    { name: 'name', label: 'Naam', type: 'text', required: true },
    { name: 'wishes', label: 'Wensen', type: 'textarea', required: false },
    { name: 'email', label: 'E-mail', type: 'email', required: true },
    { name: 'guests', label: 'Aantal gasten', type: 'number', required: false },
    { name: 'day', label: 'Vertrekdag', type: 'date', required: true },
    { name: 'agree', label: 'Akkoord', type: 'checkbox', required: true },
    {
      name: 'hour',
      label: 'Uur',
      type: 'select',
      required: false,
      options: [
        { value: 'noon', text: '12:00' },
        { value: 'two', text: '14:00' },
      ],
    },
  ],
  ...over,
});

const answers = {
  name: 'Anna de Vries',
  email: 'anna@example.com',
  day: '2026-12-24',
  agree: true,
  hour: 'two',
};

/** Mails in the server's outbox, oldest first. */
function outbox(server: TestServer): OutboxMail[] {
  const dir = server.config.mailOutbox;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxMail);
}

/** The mails to `to` whose subject names the form, once `count` have arrived. */
async function mailsTo(server: TestServer, to: string, label: string, count: number) {
  const of = () => outbox(server).filter((mail) => mail.to === to && mail.subject.includes(label));
  await expect.poll(() => of().length).toBeGreaterThanOrEqual(count);
  return of();
}

describe('guest requests', () => {
  let server: TestServer;
  let amsterdam: string;
  let berlin: string;
  let sequence = 0;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    server = await startServer();
    servers.push(server);
    [amsterdam, berlin] = await Promise.all([server.login(AMSTERDAM), server.login(BERLIN)]);
  });
  afterAll(async () => {
    for (const running of servers.splice(0)) await running.close();
  });

  const newForm = async (over: Record<string, unknown> = {}) => {
    sequence += 1;
    const answer = await server.send(
      'POST',
      '/forms',
      amsterdam,
      dutchForm({ label: `Form ${sequence}`, ...over }),
    );
    expect(answer.status, answer.text).toBe(201);
    return answer.body as Row;
  };
  /** A guest's submission, each from its own address (the per-address limit stays out of it). */
  const submit = (form: Row, body: unknown) =>
    server.request('POST', `/public/${SLUG}/forms/${form.id}/submissions`, {
      json: body,
      headers: { 'X-Forwarded-For': `203.0.113.${++sequence % 250}` },
    });

  it('keeps a new submission as New with a reference the guest is given', async () => {
    const form = await newForm();
    const response = await submit(form, { data: answers });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Row;
    expect(body.reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const stored = await server.data.one('submissions', { formId: form.id });
    expect(stored).toMatchObject({ status: 'new', reference: body.reference });
    expect(stored.statusChangedAt).toBeUndefined();
    // The hotel finds it by the reference the guest quotes.
    const found = await server.send('GET', `/submissions?q=${String(body.reference)}`, amsterdam);
    expect((found.body as Row[]).map((row) => row.id)).toEqual([stored.id]);
  });

  it('lets the hotel change the status, assignee and notes, and keeps when the status changed', async () => {
    const form = await newForm();
    await submit(form, { data: answers });
    const stored = await server.data.one('submissions', { formId: form.id });
    server.clock.advance(60_000);
    const changed = await server.send('PATCH', `/submissions/${stored.id}`, amsterdam, {
      status: 'in-progress',
      assignee: 'Reception',
      notes: 'Call the guest back',
    });
    expect(changed.status, changed.text).toBe(200);
    const after = await server.data.get('submissions', stored.id);
    expect(after).toMatchObject({
      status: 'in-progress',
      assignee: 'Reception',
      notes: 'Call the guest back',
      statusChangedAt: new Date(server.clock.now()).toISOString(),
      data: stored.data,
    });
    // A note alone leaves the status's time as it was.
    server.clock.advance(60_000);
    await server.send('PATCH', `/submissions/${stored.id}`, amsterdam, { notes: 'Called' });
    expect((await server.data.get('submissions', stored.id))!.statusChangedAt).toBe(
      after!.statusChangedAt,
    );
  });

  it('filters by status like any field, and refuses an unknown status', async () => {
    const form = await newForm();
    await submit(form, { data: answers });
    await submit(form, { data: answers });
    const [first] = await server.data.find('submissions', { formId: form.id });
    await server.send('PATCH', `/submissions/${first!.id}`, amsterdam, { status: 'done' });
    const list = async (query: string) => {
      const answer = await server.send('GET', `/submissions?formId=${form.id}&${query}`, amsterdam);
      expect(answer.status, answer.text).toBe(200);
      return { rows: answer.body as Row[], total: answer.headers.get('x-total-count') };
    };
    expect((await list('status=done')).rows.map((row) => row.id)).toEqual([first!.id]);
    expect((await list('status=new')).total).toBe('1');
    expect((await list('status_ne=new')).total).toBe('1');
    const wrong = await server.send('PATCH', `/submissions/${first!.id}`, amsterdam, {
      status: 'archived',
    });
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong.body)).toHaveProperty('status');
  });

  it('never lets the hotel change the answers, nor another hotel see or change a request', async () => {
    const form = await newForm();
    await submit(form, { data: answers });
    const stored = await server.data.one('submissions', { formId: form.id });
    const forged = await server.send('PATCH', `/submissions/${stored.id}`, amsterdam, {
      data: { ...answers, name: 'Someone else' },
    });
    expect(forged.status).toBe(403);
    expect((forged.body as { message: string }).message).toBe(
      'You are not allowed to change the answers',
    );
    expect(
      await server.send('PATCH', `/submissions/${stored.id}`, berlin, { status: 'spam' }),
    ).toMatchObject({ status: 404 });
    expect(await server.send('GET', `/submissions/${stored.id}`, berlin)).toMatchObject({
      status: 404,
    });
    const list = await server.send('GET', '/submissions?status=new', berlin);
    expect((list.body as Row[]).some((row) => row.id === stored.id)).toBe(false);
    expect(await server.data.get('submissions', stored.id)).toMatchObject({
      status: 'new',
      data: stored.data,
    });
  });

  it('keeps nothing (no request, no mail) of what the honeypot catches', async () => {
    const form = await newForm({ notify: 'trap@example.com' });
    const response = await submit(form, { data: answers, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(await server.data.count('submissions', { formId: form.id })).toBe(0);
    // A real one afterwards is mailed: the trap's mail would have come first.
    await submit(form, { data: answers });
    const mails = await mailsTo(server, 'trap@example.com', String(form.label), 1);
    expect(mails).toHaveLength(1);
  });

  it("mails a new request to the form's addresses in the hotel's language (Dutch), with its answers and a link to it", async () => {
    const form = await newForm({ notify: 'reception@example.com, Spa@Example.com' });
    const response = await submit(form, { data: { ...answers, guests: 2 } });
    const { reference } = (await response.json()) as Row;
    const stored = await server.data.one('submissions', { formId: form.id });
    for (const to of ['reception@example.com', 'spa@example.com']) {
      const [mail] = await mailsTo(server, to, String(form.label), 1);
      expect(mail!.subject).toBe(`Nieuwe aanvraag ${String(reference)}: ${String(form.label)}`);
      for (const line of [
        'Naam: Anna de Vries',
        'E-mail: anna@example.com',
        'Aantal gasten: 2',
        'Vertrekdag: 2026-12-24',
        `Een gast stuurde "${String(form.label)}" (referentie ${String(reference)}):`,
        'Akkoord: Ja',
        'Uur: 14:00',
        `Open de aanvraag: ${server.config.appUrl}/dashboard/requests/${stored.id}`,
      ]) {
        expect(mail!.text).toContain(line);
      }
    }
    expect(stored.notice).toBe('mail');
  });

  it("mails the hotel's account email when the form names no address", async () => {
    const form = await newForm();
    await submit(form, { data: answers });
    const [mail] = await mailsTo(server, AMSTERDAM, String(form.label), 1);
    expect(mail!.text).toContain('Naam: Anna de Vries');
  });

  it('refuses a notify list that is not email addresses', async () => {
    const answer = await server.send('POST', '/forms', amsterdam, dutchForm({ notify: 'x, y@' }));
    expect(answer.status).toBe(422);
    expect(errorsOf(answer.body)).toEqual({
      notify: ['Notify by email must be at most 10 email addresses separated by commas'],
    });
  });

  it(`mails at most ${MAILS_PER_WINDOW} requests per form in 10 minutes, then one summary`, async () => {
    const form = await newForm({ notify: 'flood@example.com' });
    const other = await newForm({ notify: 'flood@example.com' });
    for (let i = 0; i < MAILS_PER_WINDOW + 3; i++) {
      expect((await submit(form, { data: answers })).status).toBe(201);
    }
    // Another form's requests are counted on their own.
    await submit(other, { data: answers });
    const all = await mailsTo(
      server,
      'flood@example.com',
      String(form.label),
      MAILS_PER_WINDOW + 1,
    );
    const ofForm = all.filter((mail) => mail.subject.endsWith(`: ${String(form.label)}`));
    expect(ofForm.filter((mail) => mail.subject.startsWith('Nieuwe aanvraag'))).toHaveLength(
      MAILS_PER_WINDOW,
    );
    const summaries = ofForm.filter((mail) => mail.subject.startsWith('Meer aanvragen'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.text).toContain(
      `${server.config.appUrl}/dashboard/requests?formId=${form.id}&status=new`,
    );
    await mailsTo(server, 'flood@example.com', `: ${String(other.label)}`, 1);
    const notices = (await server.data.find('submissions', { formId: form.id })).map(
      (row) => row.notice,
    );
    expect(notices.sort()).toEqual(
      [...Array(MAILS_PER_WINDOW).fill('mail'), 'none', 'none', 'summary'].sort(),
    );
    // Every request is kept and New, mailed or not.
    expect(await server.data.count('submissions', { formId: form.id, status: 'new' })).toBe(
      MAILS_PER_WINDOW + 3,
    );
    // Once the window has passed, requests are mailed one by one again.
    server.clock.advance(FLOOD_WINDOW_MS + 1000);
    const late = await submit(form, { data: { ...answers, name: 'Late guest' } });
    const { reference } = (await late.json()) as Row;
    await expect
      .poll(() =>
        outbox(server).some(
          (mail) => mail.subject === `Nieuwe aanvraag ${String(reference)}: ${String(form.label)}`,
        ),
      )
      .toBe(true);
  });
});

describe('forms for Form.io apps', () => {
  let server: TestServer;
  let amsterdam: string;
  let form: Row;
  beforeAll(async () => {
    server = await startServer();
    amsterdam = await server.login(AMSTERDAM);
    form = (await server.send('POST', '/forms', amsterdam, dutchForm())).body as Row;
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves a form as Form.io components, publicly and to the hotel alike', async () => {
    const open = await server.send('GET', `/public/${SLUG}/forms/${form.id}?format=formio`);
    expect(open.status).toBe(200);
    const formio = open.body as { title: string; display: string; components: Row[] };
    expect(formio.title).toBe('Late check-out');
    expect(formio.display).toBe('form');
    expect(formio.components.map((component) => [component.type, component.key])).toEqual([
      ['textfield', 'name'],
      ['textarea', 'wishes'],
      ['email', 'email'],
      ['number', 'guests'],
      ['datetime', 'day'],
      ['checkbox', 'agree'],
      ['select', 'hour'],
      ['button', 'submit'],
    ]);
    expect(formio.components[0]).toMatchObject({ label: 'Naam', validate: { required: true } });
    expect(formio.components[6]).toMatchObject({
      data: {
        values: [
          { label: '12:00', value: 'noon' },
          { label: '14:00', value: 'two' },
        ],
      },
    });
    // The submit button speaks the form's language.
    expect(formio.components[7]).toMatchObject({ label: 'Verzenden', action: 'submit' });
    const own = await server.send('GET', `/forms/${form.id}?format=formio`, amsterdam);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(formio);
    // The hotel's read keeps its access rules: another hotel gets 404, nobody 401.
    const berlin = await server.login(BERLIN);
    expect((await server.send('GET', `/forms/${form.id}?format=formio`, berlin)).status).toBe(404);
    expect((await server.send('GET', `/forms/${form.id}?format=formio`)).status).toBe(401);
    for (const url of [
      `/public/${SLUG}/forms/${form.id}?format=xml`,
      `/forms/${form.id}?format=xml`,
    ]) {
      const unknown = await server.send('GET', url, amsterdam);
      expect(unknown.status).toBe(400);
    }
  });

  it("takes Form.io's submission of each of the seven types", async () => {
    // What Form.io's renderer submits: its submission object, `submit` among the data, a day as
    // a date-time with the guest's offset, empty fields as empty strings.
    const answer = await server.send(
      'POST',
      `/public/${SLUG}/forms/${form.id}/submissions`,
      undefined,
      {
        data: {
          name: 'Anna',
          wishes: '',
          email: 'Anna@Example.com',
          guests: 3,
          day: '2026-12-24T00:00:00+01:00',
          agree: true,
          hour: 'noon',
          submit: true,
        },
        metadata: {
          timezone: 'Europe/Amsterdam',
          offset: 60,
          referrer: '',
          browserName: 'Netscape',
        },
        state: 'submitted',
      },
    );
    expect(answer.status, answer.text).toBe(201);
    const kept = {
      name: 'Anna',
      email: 'anna@example.com',
      guests: 3,
      day: '2026-12-24',
      agree: true,
      hour: 'noon',
    };
    expect((answer.body as Row).data).toEqual(kept);
    const stored = await server.data.one('submissions', {
      reference: String((answer.body as Row).reference),
    });
    expect(stored).toMatchObject({ formId: form.id, status: 'new', data: kept });
    expect(stored).not.toHaveProperty('metadata');
  });

  it("still refuses what the form's rules refuse, in the form's language", async () => {
    const before = await server.data.count('submissions');
    const answer = await server.send(
      'POST',
      `/public/${SLUG}/forms/${form.id}/submissions`,
      undefined,
      {
        data: {
          name: '',
          email: 'anna',
          guests: '',
          day: '2026-02-30T00:00:00+01:00',
          agree: false,
          hour: '',
          submit: true,
        },
        state: 'submitted',
      },
    );
    expect(answer.status).toBe(422);
    expect(errorsOf(answer.body)).toEqual({
      'data.name': ['Naam is verplicht'],
      'data.email': ['E-mail moet een geldig e-mailadres zijn'],
      'data.day': ['Vertrekdag moet een geldige datum zijn'],
      'data.agree': ['Akkoord is verplicht'],
    });
    expect(await server.data.count('submissions')).toBe(before);
  });
});
