import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  PASSWORD,
  startServer,
  userId,
  type Answer,
  type TestServer,
} from './helpers';

/**
 * Issue 26, point 7: one strict email address rule (src/schema/email.ts) wherever the API takes
 * an address — sign-in, forgot-password, a user's address, one's own new address and guests'
 * form answers. Markup in an address (`"><script>…@x.com`) is refused everywhere.
 */
const BAD = [
  '"><script>alert(1)</script>@x.com',
  '<img src=x onerror=alert(1)>@x.com',
  'a b@x.com',
  'a@x',
  'a@@x.com',
  'a@x..com',
  '.a@x.com',
  'a.@x.com',
  'a@-x.com',
  'a@x.c',
  `${'a'.repeat(250)}@x.com`,
];

let server: TestServer;
let admin: string;
let amsterdam: string;
let formId: number;
let berlinId: number;
beforeAll(async () => {
  server = await startServer();
  berlinId = userId(server, BERLIN);
  [admin, amsterdam] = await Promise.all([server.login(ADMIN), server.login(AMSTERDAM)]);
  const form = await server.send('POST', '/forms', amsterdam, {
    label: 'Contact',
    // English: a guest's answers are refused in the form's language.
    locale: 'en',
    fields: [{ name: 'email', label: 'E-mail', type: 'email', required: true }],
  });
  expect(form.status).toBe(201);
  formId = (form.body as { id: number }).id;
});
afterAll(async () => {
  await server.close();
});

/** The address's messages: under `email`, or a guest's answer under `data.email`. */
const emailErrors = (answer: Answer) => {
  const errors = (answer.body as ApiErrorBody).errors ?? {};
  return errors.email ?? errors['data.email'];
};

/** Each place an address is taken: a write with it, and what was stored (to see nothing was). */
const PLACES: [string, (email: string) => Promise<Answer>][] = [
  ['sign-in', (email) => server.send('POST', '/auth/login', undefined, { email, password: 'x' })],
  [
    'forgot-password',
    (email) => server.send('POST', '/auth/forgot-password', undefined, { email }),
  ],
  ["a user's address", (email) => server.send('PATCH', `/users/${berlinId}`, admin, { email })],
  [
    "one's own new address",
    (email) => server.send('POST', '/users/me/email', amsterdam, { email, password: PASSWORD }),
  ],
  [
    "a guest's form answer",
    (email) =>
      server.send('POST', `/public/canal-house-amsterdam/forms/${formId}/submissions`, undefined, {
        data: { email },
      }),
  ],
];

describe.each(PLACES)('%s', (_place, write) => {
  it('refuses an address that breaks the rule with 422 under email', async () => {
    for (const email of BAD) {
      const answer = await write(email);
      expect(answer.status, `${email}: ${answer.text}`).toBe(422);
      // The Dutch form answers in Dutch (its language); the dashboard's routes in English.
      expect(emailErrors(answer)?.join(' '), email).toMatch(
        /^E-?mail (must be (a valid email address|at most \d+ characters)|moet een geldig e-mailadres zijn|mag maximaal \d+ tekens bevatten)/,
      );
    }
  });
});

it('stores none of them', async () => {
  const addresses = [
    ...(await server.store.find('users', {})).map((user) => user.email),
    ...(await server.store.find('submissions', {})).map((row) => JSON.stringify(row.data)),
  ].join('\n');
  expect(addresses).not.toMatch(/script|onerror|a b@|@@/);
});

it('takes an address the rule allows, lowercased', async () => {
  const guest = await server.send(
    'POST',
    `/public/canal-house-amsterdam/forms/${formId}/submissions`,
    undefined,
    { data: { email: "O'Brien+Stay@Mail.Example.com" } },
  );
  expect(guest.status, guest.text).toBe(201);
  const [kept] = await server.store.find('submissions', { formId });
  expect(kept!.data).toEqual({ email: "o'brien+stay@mail.example.com" });
  const user = await server.send('PATCH', `/users/${berlinId}`, admin, {
    email: 'Front.Desk@Spree-Loft.de',
  });
  expect(user.status, user.text).toBe(200);
  expect((await server.store.get('users', berlinId))?.email).toBe('front.desk@spree-loft.de');
});
