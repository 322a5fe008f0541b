import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import { owner } from '../../src/schema/access';
import { color, file, group, richText, select, text, url } from '../../src/schema/fields';
import { defineResource } from '../../src/schema/resource';
import type { ApiErrorBody } from '../../src/schema/user';
import { AMSTERDAM, startServer, userId, type TestServer } from './helpers';

/**
 * What a declaration's layout says reaches the server too: a variant's fields are checked and
 * kept only for that variant, a condition hides a field, and a group is checked part by part.
 * The declaration is a throwaway one: the engine needs no code for it.
 */
const guides = defineResource({
  name: 'guides',
  route: 'guides',
  owned: true,
  access: owner(),
  labelField: 'title',
  fields: {
    title: text({ required: true }),
    type: select({ options: ['article', 'pdf', 'link'], required: true }),
    body: richText({ required: true }),
    pdf: file({ required: true }),
    address: url({ required: true }),
    // Shown only when the article is not a draft of its own (a condition of its own).
    note: text({ required: true, condition: (record) => record.title === 'With a note' }),
    styling: group({
      of: {
        background: color({ required: true }),
        font: select({ options: ['serif', 'sans'] }),
      },
    }),
  },
  variants: {
    field: 'type',
    of: {
      article: { route: 'new', fields: ['body'] },
      pdf: { route: 'new-pdf', fields: ['pdf'] },
      link: { route: 'new-link', fields: ['address'] },
    },
  },
  layout: {
    steps: [
      { key: 'content', fields: ['title', 'type'] },
      { key: 'done', fields: [] },
    ],
  },
});

let server: TestServer;
let token: string;
const styling = { background: '#112233', font: 'serif' };
const errors = (body: unknown) => (body as ApiErrorBody).errors ?? {};
/** The record as the data file holds it (a 2xx means it is on disk). */
const onDisk = async (id: number) => (await server.data.get('guides', id))!;

beforeAll(async () => {
  server = await startServer({ resources: [...resources, guides] });
  token = await server.login(AMSTERDAM);
});
afterAll(() => server.close());

describe('variants', () => {
  it('checks only the fields of the variant the record is', async () => {
    const answer = await server.send('POST', '/guides', token, {
      title: 'Spa menu',
      type: 'pdf',
      styling,
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(errors(answer.body))).toEqual(['pdf']);
  });

  it('keeps no field of another variant', async () => {
    // One of Amsterdam's own uploads (image and file fields take no other address).
    const pdf = `/uploads/files/${userId(server, AMSTERDAM)}/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.pdf`;
    const answer = await server.send('POST', '/guides', token, {
      title: 'Spa menu',
      type: 'pdf',
      pdf,
      body: '<p>not for a PDF guide</p>',
      address: 'https://example.com',
      styling,
    });
    expect(answer.status).toBe(201);
    const id = (answer.body as { id: number }).id;
    const stored = await onDisk(id);
    expect(stored.pdf).toBe(pdf);
    expect(stored).not.toHaveProperty('body');
    expect(stored).not.toHaveProperty('address');

    // Made a link: the PDF goes, the address is required and kept.
    const refused = await server.send('PATCH', `/guides/${id}`, token, { type: 'link' });
    expect(refused.status).toBe(422);
    expect(Object.keys(errors(refused.body))).toEqual(['address']);
    const changed = await server.send('PATCH', `/guides/${id}`, token, {
      type: 'link',
      address: 'https://example.com/spa',
    });
    expect(changed.status).toBe(200);
    const after = await onDisk(id);
    expect(after.address).toBe('https://example.com/spa');
    expect(after).not.toHaveProperty('pdf');
  });

  it('sanitises a variant’s rich text like any other', async () => {
    const answer = await server.send('POST', '/guides', token, {
      title: 'Welcome',
      type: 'article',
      body: '<h2>Hello</h2><script>alert(1)</script><p onclick="x()">Hi</p>',
      styling,
    });
    expect(answer.status).toBe(201);
    expect((answer.body as { body: string }).body).toBe('<h2>Hello</h2><p>Hi</p>');
  });
});

describe('conditions', () => {
  it('requires a conditional field only when the record meets its condition', async () => {
    const base = { type: 'link', address: 'https://example.com', styling };
    const without = await server.send('POST', '/guides', token, { ...base, title: 'Plain' });
    expect(without.status).toBe(201);
    const needed = await server.send('POST', '/guides', token, { ...base, title: 'With a note' });
    expect(needed.status).toBe(422);
    expect(Object.keys(errors(needed.body))).toEqual(['note']);
  });
});

describe('groups', () => {
  it('checks each part and names it in the error', async () => {
    const answer = await server.send('POST', '/guides', token, {
      title: 'Colours',
      type: 'link',
      address: 'https://example.com',
      styling: { background: 'blue', font: 'comic' },
    });
    expect(answer.status).toBe(422);
    expect(errors(answer.body)).toEqual({
      'styling.background': [expect.stringMatching(/colou?r/i)],
      'styling.font': [expect.any(String)],
    });
  });

  it('stores the parts it declares and nothing else', async () => {
    const answer = await server.send('POST', '/guides', token, {
      title: 'Colours',
      type: 'link',
      address: 'https://example.com',
      styling: { ...styling, script: '<b>x</b>' },
    });
    expect(answer.status).toBe(201);
    const stored = await onDisk((answer.body as { id: number }).id);
    expect(stored.styling).toEqual(styling);
  });
});
