import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AMSTERDAM, startServer, type TestServer } from './helpers';

/**
 * A browser's globals for Form.io, from jsdom, beside Node's own (the API in this process keeps
 * Node's typed arrays and crypto: the jsdom test environment would replace them).
 */
function browserGlobals(): Document {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  });
  const globals = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in globals) continue;
    globals[key] = (dom.window as unknown as Record<string, unknown>)[key];
  }
  // jsdom has no matchMedia; Form.io's input masks ask it.
  const matchMedia = (media: string) => ({
    matches: false,
    media,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  Object.assign(dom.window, { matchMedia });
  globals.matchMedia = matchMedia;
  globals.window = dom.window;
  globals.document = dom.window.document;
  // Node 22 has a navigator of its own, a getter: replaced, not assigned.
  Object.defineProperty(globalThis, 'navigator', {
    value: dom.window.navigator,
    configurable: true,
    writable: true,
  });
  return dom.window.document;
}

/**
 * A Form.io app uses the public form API as it is (issue 29): Form.io's own renderer
 * (`@formio/js`) draws the served form's seven fields, a guest fills them in, and what the
 * renderer submits is what the submission route takes.
 */

type Row = Record<string, unknown> & { id: number };

const SLUG = 'canal-house-amsterdam';
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

it("renders a served form with Form.io and posts the renderer's submission", async () => {
  const token = await server.login(AMSTERDAM);
  const created = await server.send('POST', '/forms', token, {
    label: 'Spa booking',
    locale: 'en',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'wishes', label: 'Wishes', type: 'textarea', required: false },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'guests', label: 'Guests', type: 'number', required: false },
      { name: 'day', label: 'Day', type: 'date', required: true },
      { name: 'towels', label: 'Extra towels', type: 'checkbox', required: false },
      {
        name: 'treatment',
        label: 'Treatment',
        type: 'select',
        required: true,
        options: [
          { value: 'massage', text: 'Massage' },
          { value: 'sauna', text: 'Sauna' },
        ],
      },
    ],
  });
  expect(created.status, created.text).toBe(201);
  const form = created.body as Row;
  const served = await server.send('GET', `/public/${SLUG}/forms/${form.id}?format=formio`);
  expect(served.status).toBe(200);

  const document = browserGlobals();
  // Form.io's date picker asks for flatpickr by its global name before it would load it from
  // Form.io's CDN (offline here): given as an app that bundles it would.
  (window as unknown as Record<string, unknown>).flatpickr = (await import('flatpickr')).default;
  // Its date field asks for the time-zone data from the CDN too: the package's own data instead.
  const moment = createRequire(import.meta.url)('moment-timezone') as { zonesLoaded?: boolean };
  moment.zonesLoaded = true;
  const { Formio } = await import('@formio/js');
  const element = document.createElement('div');
  document.body.append(element);
  const rendered = await Formio.createForm(element, served.body as object);
  // Form.io draws an input for each of the seven fields, and the submit button.
  const names = Array.from(element.querySelectorAll('[name]'), (input) =>
    input.getAttribute('name'),
  );
  expect(names).toEqual(
    expect.arrayContaining([
      'data[name]',
      'data[wishes]',
      'data[email]',
      'data[guests]',
      'data[day]',
      'data[towels]',
      'data[treatment]',
    ]),
  );
  expect(element.querySelector('button[name="data[submit]"]')?.textContent).toContain('Submit');

  // A guest fills it in: typing in the inputs and ticking the box; the option, the day and the
  // number go through Form.io's component API (below).
  const field = (name: string) =>
    element.querySelector(`[name="data[${name}]"]`) as HTMLInputElement | HTMLSelectElement;
  const type = (name: string, value: string) => {
    const input = field(name);
    input.value = value;
    input.dispatchEvent(new window.Event('input', { bubbles: true }));
    input.dispatchEvent(new window.Event('change', { bubbles: true }));
  };
  type('name', 'Anna');
  type('wishes', 'A quiet room');
  type('email', 'anna@example.com');
  const towels = field('towels') as HTMLInputElement;
  towels.click();
  // The day as Form.io's calendar gives it (a date-time with the guest's offset): flatpickr's
  // calendar itself does not draw in jsdom (Form.io waits for its style sheet to load).
  rendered.getComponent('day').setValue('2026-12-24T00:00:00+01:00');
  // The number's input mask does not take jsdom's typed value either, nor the select's widget
  // (Choices.js) a value set on its element: the failures seen on Node 20 and 22 alike.
  rendered.getComponent('guests').setValue(2);
  rendered.getComponent('treatment').setValue('sauna');
  const submission = (await rendered.submit()) as { data: Record<string, unknown> };
  // The renderer's own submission, its date-time for the day.
  expect(submission.data).toMatchObject({
    name: 'Anna',
    guests: 2,
    towels: true,
    treatment: 'sauna',
    day: '2026-12-24T00:00:00+01:00',
  });

  const posted = await server.send(
    'POST',
    `/public/${SLUG}/forms/${form.id}/submissions`,
    undefined,
    submission,
  );
  expect(posted.status, posted.text).toBe(201);
  const stored = await server.data.one('submissions', {
    reference: String((posted.body as Row).reference),
  });
  expect(stored.data).toEqual({
    name: 'Anna',
    wishes: 'A quiet room',
    email: 'anna@example.com',
    guests: 2,
    day: '2026-12-24',
    towels: true,
    treatment: 'sauna',
  });
});
