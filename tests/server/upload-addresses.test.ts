import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import { isAdministrator, owner, OWNER_FIELD } from '../../src/schema/access';
import { image, text, type Field } from '../../src/schema/fields';
import { isShown } from '../../src/schema/forms';
import { defineResource, type Resource } from '../../src/schema/resource';
import type { ApiErrorBody } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  startServer,
  SUPERADMIN,
  userId,
  type TestServer,
} from './helpers';
import { operatorActor, operatorMay, sampleBody } from './samples';

/**
 * Issue 26, point 4: image and file fields take only the hotel's own uploads
 * (`/uploads/files/<its folder>/<name>`), or `https:` where the declaration says `external`.
 * Every image and file field of every declaration in the registry (nested ones too) is written
 * with each address a guest app must never be served; each is a 422 under the field and
 * changes nothing.
 */
type Row = Record<string, unknown>;

/** A throwaway declaration: a field that also takes https addresses, and nested ones. */
const brochures = defineResource({
  name: 'brochures',
  route: 'brochures',
  owned: true,
  access: owner(),
  labelField: 'title',
  fields: {
    title: text({ required: true }),
    scan: image({ external: true }),
    cover: {
      kind: 'group',
      of: { picture: image(), caption: text() },
    } as Field,
    pages: {
      kind: 'items',
      of: { file: { kind: 'file', accept: 'application/pdf' } as Field },
    } as Field,
  },
});
const REGISTRY = [...resources, brochures];

let server: TestServer;
let tokens: Record<string, string>;
let amsterdamId: number;
let berlinId: number;
beforeAll(async () => {
  server = await startServer({ resources: REGISTRY });
  const [amsterdam, berlin, admin, superAdmin] = await Promise.all(
    [AMSTERDAM, BERLIN, ADMIN, SUPERADMIN].map((email) => server.login(email)),
  );
  tokens = { amsterdam, berlin, admin, superAdmin };
  amsterdamId = userId(server, AMSTERDAM);
  berlinId = userId(server, BERLIN);
}, 30_000);
afterAll(async () => {
  await server.close();
});

const NAME = 'Q1w2E3r4T5y6U7i8O9p0aZ';
const own = (folder: number | string, ext = 'png') => `/uploads/files/${folder}/${NAME}.${ext}`;

/** What no image or file field takes (Berlin's upload is refused to Amsterdam's records). */
const badValues = (field: Field): string[] => [
  'javascript:alert(document.cookie)',
  ' JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/logo.png',
  '\\\\evil.example\\logo.png',
  'file:///etc/passwd',
  'http://evil.example/logo.png',
  ...('external' in field && field.external ? [] : ['https://evil.example/logo.png']),
  '/uploads/files/../../db.json',
  `/uploads/files/${amsterdamId}/../${berlinId}/${NAME}.png`,
  `/uploads/files/${amsterdamId}/${NAME}.svg`,
  '/api/uploads/files/1/x.png',
  `/uploads/files/${berlinId}/${NAME}.png`,
];

/** Every image and file field of a declaration: [path segments, field], nested ones too. */
function uploadFields(fields: Record<string, Field>, at: string[] = []): [string[], Field][] {
  return Object.entries(fields).flatMap(([name, field]): [string[], Field][] => {
    if (field.kind === 'image' || field.kind === 'file') return [[[...at, name], field]];
    if (field.kind === 'group') return uploadFields(field.of, [...at, name]);
    if (field.kind === 'items') return uploadFields(field.of, [...at, name, '0']);
    return [];
  });
}

/** `value` set at `path` inside a copy of `record` (a group's or a sub-record's part). */
function withValue(record: Row, path: string[], value: unknown): Row {
  const [head, ...rest] = path;
  if (!rest.length) return { ...record, [head!]: value };
  const inner = record[head!];
  if (/^\d+$/.test(rest[0]!)) {
    const rows = Array.isArray(inner) && inner.length ? [...(inner as Row[])] : [{}];
    rows[0] = withValue((rows[0] ?? {}) as Row, rest.slice(1), value);
    return { ...record, [head!]: rows };
  }
  return { ...record, [head!]: withValue((inner ?? {}) as Row, rest, value) };
}

/** Path of a field's error: a group's part as `group.part`, a sub-record's as `items.0.part`. */
const errorKey = (path: string[]) => path.join('.');

/**
 * How the field is written: by whom, to which stored record (one of Amsterdam's that shows the
 * field, for tenant-owned resources), or created when the field is only asked at creation.
 */
interface Target {
  who: string;
  method: 'PATCH' | 'POST';
  url: string;
  base: Row;
  folder: number | string;
  read: () => Promise<Row | undefined>;
}

let wizardRuns = 0;
/** A new hotel as the creation wizard sends it (each with its own slug and email). */
function hotelForWizard(): Row {
  wizardRuns += 1;
  return {
    name: 'Hotel Upload',
    email: `desk-${wizardRuns}@upload.example`,
    company: 'Upload Hotel',
    phoneNumber: '+31 70 555 0100',
    slug: `hotel-upload-${wizardRuns}`,
    role: 'operator',
    status: 'active',
    template: 'rows',
    logo: own('admin'),
    primaryColor: '#7b1fa2',
    secondaryColor: '#ff9800',
    title: 'Upload',
    locales: ['en'],
    sourceLocale: 'en',
  };
}

async function targetFor(resource: Resource, top: string, field: Field): Promise<Target> {
  if (field.transient) {
    // Asked once, when the record is made (a new hotel's logo in the creation wizard).
    const base = hotelForWizard();
    return {
      who: 'admin',
      method: 'POST',
      url: `/${resource.name}`,
      base,
      folder: 'admin',
      read: async () => (await server.store.find(resource.name, { slug: String(base.slug) }))[0],
    };
  }
  const mine = resource.owned && operatorMay(resource, 'update', amsterdamId);
  const who = mine ? 'amsterdam' : 'superAdmin';
  if (resource.singleton) {
    const answer = await server.send('GET', `/${resource.name}`, tokens[who]);
    expect(answer.status).toBe(200);
    const id = (answer.body as Row).id as number;
    return {
      who,
      method: 'PATCH',
      url: `/${resource.name}`,
      base: {},
      folder: amsterdamId,
      read: () => server.store.get(resource.name, id),
    };
  }
  const where: Record<string, number> = resource.owned ? { [OWNER_FIELD]: amsterdamId } : {};
  let record = (await server.store.find(resource.name, where)).find((row) =>
    isShown(resource.fields[top]!, row),
  );
  if (!record && mine && operatorMay(resource, 'create', amsterdamId)) {
    // None stored yet (a customization): one made from the declaration alone.
    const owner = {
      id: amsterdamId,
      locales: (await server.store.get('users', amsterdamId))!.locales as string[],
    };
    const body = await sampleBody(resource, {
      server,
      token: tokens.amsterdam!,
      owner,
      registry: REGISTRY,
    });
    const made = await server.send('POST', `/${resource.name}`, tokens.amsterdam, body);
    expect(made.status, made.text).toBe(201);
    record = made.body as Row & { id: number };
  }
  if (!record) throw new Error(`${resource.name}: no stored record shows ${top}`);
  const id = record.id as number;
  return {
    who,
    method: 'PATCH',
    url: `/${resource.name}/${id}`,
    base: {},
    folder: resource.owned ? amsterdamId : 'admin',
    read: () => server.store.get(resource.name, id),
  };
}

const FIELDS = REGISTRY.flatMap((resource) =>
  uploadFields(resource.fields).map(
    ([path, field]) => [`${resource.name}.${errorKey(path)}`, resource, path, field] as const,
  ),
);

describe('the registry', () => {
  it('has image and file fields to check, the nested branding, page and app ones among them', () => {
    const names = FIELDS.map(([name]) => name);
    for (const expected of [
      'branding.logo',
      'branding.favicon',
      'branding.appImage',
      'pages.pdf',
      'pages.cover',
      'app-customizations.image',
      'apps.image',
      'users.avatar',
      'users.logo',
      'brochures.cover.picture',
      'brochures.pages.0.file',
    ]) {
      expect(names).toContain(expected);
    }
  });
});

describe.each(FIELDS)('%s', (_name, resource, path, field) => {
  it('refuses every address but its own uploads with 422 under the field, storing nothing', async () => {
    const target = await targetFor(resource, path[0]!, field);
    const before = await target.read();
    for (const value of badValues(field)) {
      const body = withValue(target.base, path, value);
      const answer = await server.send(target.method, target.url, tokens[target.who], body);
      expect(answer.status, `${value} -> ${answer.text}`).toBe(422);
      const errors = (answer.body as ApiErrorBody).errors ?? {};
      expect(Object.keys(errors), value).toContain(errorKey(path));
      expect(await target.read(), value).toEqual(before);
    }
  });

  it('takes an upload of its own hotel (and https where declared)', async () => {
    const target = await targetFor(resource, path[0]!, field);
    const ext = field.kind === 'file' ? 'pdf' : 'png';
    const good = [own(target.folder, ext)];
    if ('external' in field && field.external) good.push('https://cdn.example/scan.png');
    for (const value of good) {
      const body = withValue(target.base, path, value);
      const answer = await server.send(target.method, target.url, tokens[target.who], body);
      expect(answer.status, answer.text).toBe(target.method === 'POST' ? 201 : 200);
    }
  });
});

describe('whose folder', () => {
  it("an administrator may point a hotel's record at the platform's uploads, a hotel may not", async () => {
    const [branding] = await server.store.find('branding', { [OWNER_FIELD]: amsterdamId });
    const platform = own('admin');
    const byHotel = await server.send('PATCH', '/branding', tokens.amsterdam, { logo: platform });
    expect(byHotel.status).toBe(422);
    expect((byHotel.body as ApiErrorBody).errors?.logo).toEqual([
      'Logo must be a file uploaded for this hotel',
    ]);
    expect(isAdministrator(operatorActor(amsterdamId))).toBe(false);
    const byAdmin = await server.send('PATCH', `/branding?ownerId=${amsterdamId}`, tokens.admin, {
      logo: platform,
    });
    expect(byAdmin.status).toBe(200);
    // Kept when the hotel saves its branding again with it unchanged.
    const again = await server.send('PATCH', '/branding', tokens.amsterdam, {
      logo: platform,
      title: 'Again',
    });
    expect(again.status).toBe(200);
    expect(await server.store.get('branding', branding!.id)).toMatchObject({
      logo: platform,
      title: 'Again',
    });
    // Berlin cannot use Amsterdam's either.
    const berlin = await server.send('PATCH', '/branding', tokens.berlin, {
      logo: own(amsterdamId),
    });
    expect(berlin.status).toBe(422);
  });

  it("an avatar of one's own account is one's own upload (PATCH /users/me)", async () => {
    const foreign = await server.send('PATCH', '/users/me', tokens.amsterdam, {
      avatar: own(berlinId),
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys((foreign.body as ApiErrorBody).errors ?? {})).toEqual(['avatar']);
    const script = await server.send('PATCH', '/users/me', tokens.amsterdam, {
      avatar: 'javascript:alert(1)',
    });
    expect(script.status).toBe(422);
    expect((await server.store.get('users', amsterdamId))?.avatar).not.toMatch(
      /javascript|\/\d+\//,
    );
    const mine = await server.send('PATCH', '/users/me', tokens.amsterdam, {
      avatar: own(amsterdamId),
    });
    expect(mine.status).toBe(200);
    expect((await server.store.get('users', amsterdamId))?.avatar).toBe(own(amsterdamId));
  });
});
