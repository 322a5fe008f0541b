import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import type { Writer } from '../../src/schema/store';
import type { User } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  PASSWORD,
  recordsSnapshot,
  startServer,
  SUPERADMIN,
  userId,
  type TestServer,
} from './helpers';

/**
 * Issue 10: creating a hotel (the wizard's one call: the account, its branding, a welcome page
 * per language and the invitation, all or nothing), the email-verification link and an
 * administrator's temporary password.
 */
let server: TestServer;
let admin: string;
beforeEach(async () => {
  server = await startServer();
  admin = await server.login(ADMIN);
});
afterEach(async () => {
  await server.close();
});

type Row = Record<string, unknown>;
const HOURS = 60 * 60 * 1000;

/** What the wizard sends for a new hotel. */
const newHotel = (overrides: Row = {}): Row => ({
  name: 'Hotel Lighthouse',
  email: 'Desk@Lighthouse.example',
  company: 'Lighthouse Hotel Scheveningen',
  phoneNumber: '+31 70 555 0199',
  slug: 'hotel-lighthouse',
  role: 'operator',
  status: 'active',
  template: 'masonry',
  logo: '/uploads/files/admin/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.png',
  favicon: '/uploads/files/admin/d3cW1nT6bR4zP9xV2qK7hL.png',
  primaryColor: '#7b1fa2',
  secondaryColor: '#ff9800',
  title: 'Lighthouse',
  locales: ['nl', 'en'],
  sourceLocale: 'nl',
  ...overrides,
});

const mailTo = (email: string) => readLatestMail(server.config.mailOutbox, email);
const linkToken = (text: string, path: string) =>
  new RegExp(`${path}\\?token=([\\w-]+)`).exec(text)?.[1];
const mailCount = () =>
  fs.existsSync(server.config.mailOutbox) ? fs.readdirSync(server.config.mailOutbox).length : 0;

describe('POST /users: a new hotel', () => {
  it('stores the hotel, its branding and a welcome page per language, and mails a 72-hour invitation', async () => {
    const { status, body } = await server.send('POST', '/users', admin, newHotel());
    expect(status).toBe(201);
    const hotel = body as User & Row;
    expect(hotel).toMatchObject({
      name: 'Hotel Lighthouse',
      email: 'desk@lighthouse.example',
      slug: 'hotel-lighthouse',
      role: 'operator',
      isAdmin: false,
      emailVerified: false,
      locales: ['nl', 'en'],
      sourceLocale: 'nl',
    });
    // The wizard's guest-app answers are the branding's, not the account's.
    const stored = (await server.data.get('users', hotel.id))!;
    for (const name of ['template', 'logo', 'favicon', 'primaryColor', 'title', 'passwordHash']) {
      expect(stored, name).not.toHaveProperty(name);
    }
    const [branding, ...more] = await server.data.find('branding', { ownerId: hotel.id });
    expect(more).toEqual([]);
    expect(branding).toMatchObject({
      template: 'masonry',
      logo: '/uploads/files/admin/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.png',
      favicon: '/uploads/files/admin/d3cW1nT6bR4zP9xV2qK7hL.png',
      primaryColor: '#7b1fa2',
      secondaryColor: '#ff9800',
      title: 'Lighthouse',
    });
    const pages = await server.data.find('pages', { ownerId: hotel.id });
    expect(pages.map((page) => [page.locale, page.title, page.slug, page.published])).toEqual([
      ['nl', 'Welkom', 'welkom', true],
      ['en', 'Welcome', 'welcome', true],
    ]);
    expect(new Set(pages.map((page) => page.groupId)).size).toBe(1);
    expect(pages.every((page) => page.sourceLocale === 'nl' && page.type === 'content')).toBe(true);
    expect(String(pages[1]!.body)).toContain('Welcome to Lighthouse Hotel Scheveningen!');
    // The guest app answers at once: public branding and the welcome page.
    const publicBranding = await server.send('GET', '/public/hotel-lighthouse/branding');
    expect(publicBranding.body).toMatchObject({ title: 'Lighthouse', primaryColor: '#7b1fa2' });
    const menu = await server.send('GET', '/public/hotel-lighthouse/pages?locale=en');
    expect((menu.body as Row[]).map((page) => page.title)).toEqual(['Welcome']);

    const [invitation] = await server.data.find('passwordResets', { userId: hotel.id });
    expect(Date.parse(String(invitation!.expiresAt)) - server.clock.now()).toBe(72 * HOURS);
    const mail = mailTo('desk@lighthouse.example')!;
    expect(mail.subject).toBe('Your guest app is ready: choose your password');
    expect(mail.text).toContain('within 72 hours');
    const token = linkToken(mail.text, 'http://dashboard.test/auth/new-password')!;
    expect(token).toBeTruthy();

    // Two days later the link still works; the password is set and the address proven.
    server.clock.advance(48 * HOURS);
    const reset = await server.send('POST', '/auth/reset-password', undefined, {
      token,
      password: 'lighthouse-2026',
    });
    expect(reset.status).toBe(204);
    const own = await server.login('desk@lighthouse.example', 'lighthouse-2026');
    expect((await server.send('GET', '/users/me', own)).body).toMatchObject({
      id: hotel.id,
      emailVerified: true,
    });
    expect((await server.send('GET', '/branding', own)).body).toMatchObject({
      title: 'Lighthouse',
      template: 'masonry',
    });
  });

  it('lets the invitation expire after 72 hours', async () => {
    await server.send('POST', '/users', admin, newHotel());
    const token = linkToken(
      mailTo('desk@lighthouse.example')!.text,
      'http://dashboard.test/auth/new-password',
    )!;
    server.clock.advance(72 * HOURS + 1000);
    const reset = await server.send('POST', '/auth/reset-password', undefined, {
      token,
      password: 'lighthouse-2026',
    });
    expect(reset.status).toBe(400);
  });

  it('creates nothing when the email or the slug is taken (409 on that field)', async () => {
    const before = await recordsSnapshot(server);
    const mails = mailCount();
    const email = await server.send('POST', '/users', admin, newHotel({ email: AMSTERDAM }));
    expect(email.status).toBe(409);
    expect((email.body as { errors: Row }).errors).toEqual({ email: ['Email is already in use'] });
    const slug = await server.send(
      'POST',
      '/users',
      admin,
      newHotel({ slug: 'spree-loft-berlin' }),
    );
    expect(slug.status).toBe(409);
    expect((slug.body as { errors: Row }).errors).toHaveProperty('slug');
    expect(await recordsSnapshot(server)).toEqual(before);
    expect(mailCount()).toBe(mails);
  });

  it('stores nothing when a later part of the creation fails', async () => {
    const before = await recordsSnapshot(server);
    // The invitation is the last thing written in the creation's transaction: make it fail.
    const store = server.store;
    const transaction = store.transaction.bind(store);
    store.transaction = ((work: (tx: Writer) => Promise<unknown>) =>
      transaction((tx) =>
        work({
          ...tx,
          find: tx.find.bind(tx),
          get: tx.get.bind(tx),
          update: tx.update.bind(tx),
          remove: tx.remove.bind(tx),
          insert: (collection, record) =>
            collection === 'passwordResets'
              ? Promise.reject(new Error('disk full'))
              : tx.insert(collection, record),
        }),
      )) as typeof store.transaction;
    const { status } = await server.send('POST', '/users', admin, newHotel());
    store.transaction = transaction;
    expect(status).toBe(500);
    expect(await recordsSnapshot(server)).toEqual(before);
    expect(mailTo('desk@lighthouse.example')).toBeUndefined();
    // And the same hotel is created once the failure is gone.
    expect((await server.send('POST', '/users', admin, newHotel())).status).toBe(201);
  });

  it('asks what spec §5 requires, with its messages, and the source among the languages', async () => {
    const before = await recordsSnapshot(server);
    const { status, body } = await server.send(
      'POST',
      '/users',
      admin,
      newHotel({ name: '', logo: '', title: '', phoneNumber: '' }),
    );
    expect(status).toBe(422);
    expect((body as { errors: Row }).errors).toEqual({
      name: ['Name is required'],
      phoneNumber: ['Phone number is required'],
      logo: ['Logo is required'],
      title: ['App title is required'],
    });
    const source = await server.send(
      'POST',
      '/users',
      admin,
      newHotel({ locales: ['en'], sourceLocale: 'nl' }),
    );
    expect(source.status).toBe(422);
    expect((source.body as { errors: Row }).errors).toEqual({
      sourceLocale: ['The source language must be one of the languages'],
    });
    expect(await recordsSnapshot(server)).toEqual(before);
  });

  it('lets only administrators create hotels, and only super administrators staff accounts', async () => {
    const before = await recordsSnapshot(server);
    const operator = await server.login(BERLIN);
    expect((await server.send('POST', '/users', operator, newHotel())).status).toBe(403);
    expect((await server.send('POST', '/users', undefined, newHotel())).status).toBe(401);
    const staff = await server.send('POST', '/users', admin, newHotel({ role: 'admin' }));
    expect(staff).toMatchObject({
      status: 403,
      body: { message: 'Only a super administrator can change the role' },
    });
    expect(await recordsSnapshot(server)).toEqual(before);
  });
});

describe('email verification', () => {
  it('mails a link when the flag is turned off; the link turns it on, once', async () => {
    const id = userId(server, BERLIN);
    await server.send('PATCH', `/users/${id}`, admin, { emailVerified: true });
    const off = await server.send('PATCH', `/users/${id}`, admin, { emailVerified: false });
    expect(off.body).toMatchObject({ emailVerified: false });
    const mail = mailTo(BERLIN)!;
    expect(mail.subject).toBe('Confirm your email address');
    const token = linkToken(mail.text, 'http://dashboard.test/auth/verify-email')!;
    expect((await server.send('POST', '/auth/verify-email', undefined, { token })).status).toBe(
      204,
    );
    expect(await server.data.get('users', id)).toMatchObject({ emailVerified: true });
    const again = await server.send('POST', '/auth/verify-email', undefined, { token });
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'This verification link is invalid or has expired' },
    });
  });

  it('unverifies a changed address and mails the new one; an old link proves nothing', async () => {
    const id = userId(server, BERLIN);
    await server.send('PATCH', `/users/${id}`, admin, { emailVerified: false });
    const oldToken = linkToken(mailTo(BERLIN)!.text, 'http://dashboard.test/auth/verify-email')!;
    await server.send('PATCH', `/users/${id}`, admin, { emailVerified: true });
    const moved = await server.send('PATCH', `/users/${id}`, admin, {
      email: 'frontdesk@berlin.example',
    });
    expect(moved.body).toMatchObject({ email: 'frontdesk@berlin.example', emailVerified: false });
    expect(
      (await server.send('POST', '/auth/verify-email', undefined, { token: oldToken })).status,
    ).toBe(400);
    const token = linkToken(
      mailTo('frontdesk@berlin.example')!.text,
      'http://dashboard.test/auth/verify-email',
    )!;
    expect((await server.send('POST', '/auth/verify-email', undefined, { token })).status).toBe(
      204,
    );
    expect(await server.data.get('users', id)).toMatchObject({ emailVerified: true });
  });

  it('refuses a link after 72 hours', async () => {
    const id = userId(server, BERLIN);
    await server.send('PATCH', `/users/${id}`, admin, { emailVerified: false });
    const token = linkToken(mailTo(BERLIN)!.text, 'http://dashboard.test/auth/verify-email')!;
    server.clock.advance(72 * HOURS + 1000);
    expect((await server.send('POST', '/auth/verify-email', undefined, { token })).status).toBe(
      400,
    );
  });
});

describe('POST /users/:id/temporary-password', () => {
  it('sets the password, ends the sessions, and marks it temporary until the owner changes it', async () => {
    const id = userId(server, BERLIN);
    const before = await server.login(BERLIN);
    const set = await server.send('POST', `/users/${id}/temporary-password`, admin, {
      password: 'temporary-2026',
    });
    expect(set.status).toBe(204);
    expect((await server.send('GET', '/users/me', before)).status).toBe(401);
    expect(
      (await server.send('POST', '/auth/login', undefined, { email: BERLIN, password: PASSWORD }))
        .status,
    ).toBe(401);
    const token = await server.login(BERLIN, 'temporary-2026');
    expect((await server.send('GET', '/users/me', token)).body).toMatchObject({
      passwordTemporary: true,
    });
    const changed = await server.send('POST', '/users/me/password', token, {
      oldPassword: 'temporary-2026',
      newPassword: 'my-own-secret',
    });
    expect(changed.status).toBe(204);
    const fresh = changed.headers.get('x-access-token')!;
    expect((await server.send('GET', '/users/me', fresh)).body).toMatchObject({
      passwordTemporary: false,
    });
  });

  it('lets the temporary password’s session only learn who it is and choose its own', async () => {
    const id = userId(server, BERLIN);
    await server.send('POST', `/users/${id}/temporary-password`, admin, {
      password: 'temporary-2026',
    });
    const token = await server.login(BERLIN, 'temporary-2026');
    expect((await server.send('GET', '/users/me', token)).body).toMatchObject({
      mustChangePassword: true,
    });
    const before = await recordsSnapshot(server);
    const refused = [
      await server.send('GET', '/pages', token),
      await server.send('GET', '/stats', token),
      await server.send('PATCH', '/users/me', token, { name: 'Someone else' }),
      await server.send('POST', '/amenity-categories', token, { name: 'Bars', locale: 'de' }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        message: 'Choose your own password first: this one is temporary',
      });
    }
    expect(await recordsSnapshot(server)).toEqual(before);

    // An administrator's "log in as" session is not the owner's: it goes on.
    const as = await server.send('POST', '/auth/login-as', admin, { id });
    const impersonated = (as.body as { accessToken: string }).accessToken;
    expect((await server.send('GET', '/pages', impersonated)).status).toBe(200);
    expect((await server.send('GET', '/users/me', impersonated)).body).toMatchObject({
      mustChangePassword: false,
    });

    const changed = await server.send('POST', '/users/me/password', token, {
      oldPassword: 'temporary-2026',
      newPassword: 'my-own-secret',
    });
    expect(changed.status).toBe(204);
    const fresh = changed.headers.get('x-access-token')!;
    expect((await server.send('GET', '/pages', fresh)).status).toBe(200);
    expect((await server.send('GET', '/users/me', fresh)).body).toMatchObject({
      mustChangePassword: false,
    });
  });

  it('is for administrators, on hotels; administrators’ accounts need a super administrator', async () => {
    const before = await recordsSnapshot(server);
    const operator = await server.login(AMSTERDAM);
    const berlin = userId(server, BERLIN);
    const adminId = userId(server, ADMIN);
    const attempts = [
      await server.send('POST', `/users/${berlin}/temporary-password`, operator, {
        password: 'temporary-2026',
      }),
      await server.send('POST', `/users/${adminId}/temporary-password`, admin, {
        password: 'temporary-2026',
      }),
      await server.send('POST', `/users/${berlin}/temporary-password`, admin, {
        password: 'short',
      }),
    ];
    expect(attempts.map((answer) => answer.status)).toEqual([403, 403, 422]);
    expect((attempts[2]!.body as { errors: Row }).errors).toEqual({
      password: ['Password must be at least 8 characters'],
    });
    expect(await recordsSnapshot(server)).toEqual(before);
    const superAdmin = await server.login(SUPERADMIN);
    const bySuper = await server.send('POST', `/users/${adminId}/temporary-password`, superAdmin, {
      password: 'temporary-2026',
    });
    expect(bySuper.status).toBe(204);
  });
});

describe('POST /users/me/email', () => {
  it('changes the sign-in address given the current password, and mails the new one a link', async () => {
    const token = await server.login(BERLIN);
    const id = userId(server, BERLIN);
    const before = await recordsSnapshot(server);
    const wrong = await server.send('POST', '/users/me/email', token, {
      email: 'desk@spree.example',
      password: 'not-my-password',
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { errors: { password: ['The current password is not correct'] } },
    });
    const taken = await server.send('POST', '/users/me/email', token, {
      email: AMSTERDAM,
      password: PASSWORD,
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { errors: { email: ['Email is already in use'] } },
    });
    const missing = await server.send('POST', '/users/me/email', token, { email: 'nope' });
    expect(missing.status).toBe(422);
    expect(await recordsSnapshot(server)).toEqual(before);

    const moved = await server.send('POST', '/users/me/email', token, {
      email: ' Desk@Spree.example ',
      password: PASSWORD,
    });
    expect(moved).toMatchObject({
      status: 200,
      body: { id, email: 'desk@spree.example', emailVerified: false },
    });
    // The session goes on; the new address signs in, the old one no longer does.
    expect((await server.send('GET', '/users/me', token)).status).toBe(200);
    await server.login('desk@spree.example');
    const old = await server.send('POST', '/auth/login', undefined, {
      email: BERLIN,
      password: PASSWORD,
    });
    expect(old.status).toBe(401);
    const link = linkToken(
      mailTo('desk@spree.example')!.text,
      'http://dashboard.test/auth/verify-email',
    )!;
    expect(
      (await server.send('POST', '/auth/verify-email', undefined, { token: link })).status,
    ).toBe(204);
    expect(await server.data.get('users', id)).toMatchObject({ emailVerified: true });
  });
});
