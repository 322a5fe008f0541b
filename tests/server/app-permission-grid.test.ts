import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AMSTERDAM, BERLIN, startServer, userId, type TestServer } from './helpers';

/**
 * Issue 28: App permissions for many hotels — a default per app for new hotels (stored, applied
 * when a hotel is created) and the grid's writes, each audited.
 */

type Row = Record<string, unknown> & { id: number };

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await server.login(ADMIN);
});
afterAll(async () => {
  await server.close();
});

const newHotel = (n: number) => ({
  name: `Grid Hotel ${n}`,
  email: `desk${n}@grid-hotel.example`,
  company: `Grid Hotel ${n} Company`,
  phoneNumber: '+31 70 555 0199',
  slug: `grid-hotel-${n}`,
  role: 'operator',
  status: 'active',
  template: 'masonry',
  logo: '/uploads/files/admin/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.png',
  favicon: '/uploads/files/admin/d3cW1nT6bR4zP9xV2qK7hL.png',
  primaryColor: '#7b1fa2',
  secondaryColor: '#ff9800',
  title: 'Grid',
  locales: ['en'],
  sourceLocale: 'en',
});

const permissionsOf = async (ownerId: number) =>
  (await server.data.all('app-permissions')).filter((row) => row.ownerId === ownerId);

const auditOf = async (resource: string, recordId: number) =>
  (await server.data.all('audit')).filter(
    (entry) => entry.resource === resource && entry.recordId === recordId,
  );

describe('app permission defaults for new hotels', () => {
  it('administrators only keep them; one per app', async () => {
    const [app] = await server.data.all('apps');
    const hotel = await server.login(AMSTERDAM);
    expect((await server.send('GET', '/app-permission-defaults', hotel)).status).toBe(403);
    const refused = await server.send('POST', '/app-permission-defaults', hotel, {
      appId: app!.id,
      canSelfConnect: false,
    });
    expect(refused.status).toBe(403);
    expect(await server.data.count('app-permission-defaults')).toBe(0);
    const first = await server.send('POST', '/app-permission-defaults', admin, {
      appId: app!.id,
      canSelfConnect: true,
    });
    expect(first.status).toBe(201);
    const second = await server.send('POST', '/app-permission-defaults', admin, {
      appId: app!.id,
      canSelfConnect: false,
    });
    expect(second.status).toBe(409);
    expect(
      (await server.send('DELETE', `/app-permission-defaults/${(first.body as Row).id}`, admin))
        .status,
    ).toBe(200);
  });

  it('a hotel created later gets each default as its permission, audited; others keep theirs', async () => {
    const [off, on, untouched] = await server.data.all('apps');
    const berlin = userId(server, BERLIN);
    const berlinBefore = await permissionsOf(berlin);

    const saved: Row[] = [];
    for (const [app, canSelfConnect] of [
      [off!, false],
      [on!, true],
    ] as const) {
      const { status, body } = await server.send('POST', '/app-permission-defaults', admin, {
        appId: app.id,
        canSelfConnect,
      });
      expect(status).toBe(201);
      saved.push(body as Row);
    }
    // Changing a default is a write like any other: audited with before and after.
    const changed = await server.send('PATCH', `/app-permission-defaults/${saved[1]!.id}`, admin, {
      canSelfConnect: false,
    });
    expect(changed.status).toBe(200);
    const entries = await auditOf('app-permission-defaults', saved[1]!.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]!.changes).toEqual([{ field: 'canSelfConnect', before: true, after: false }]);
    await server.send('PATCH', `/app-permission-defaults/${saved[1]!.id}`, admin, {
      canSelfConnect: true,
    });

    const created = await server.send('POST', '/users', admin, newHotel(1));
    expect(created.status).toBe(201);
    const hotelId = (created.body as Row).id;
    const granted = await permissionsOf(hotelId);
    expect(
      granted
        .map(({ appId, canSelfConnect }) => ({ appId, canSelfConnect }))
        .sort((a, b) => Number(a.appId) - Number(b.appId)),
    ).toEqual(
      [
        { appId: off!.id, canSelfConnect: false },
        { appId: on!.id, canSelfConnect: true },
      ].sort((a, b) => a.appId - b.appId),
    );
    // An app without a default: no record, so the hotel may connect it itself.
    expect(granted.some((row) => row.appId === untouched!.id)).toBe(false);
    // Hotels that existed before keep what they had.
    expect(await permissionsOf(berlin)).toEqual(berlinBefore);

    // The API says the same to the administrator reading the new hotel's permissions.
    const listed = await server.send('GET', `/app-permissions?ownerId=${hotelId}`, admin);
    expect((listed.body as Row[]).find((row) => row.appId === off!.id)?.canSelfConnect).toBe(false);
  });

  it('a grid cell is an app permission: created then switched, each change audited', async () => {
    const [app] = await server.data.all('apps');
    const amsterdam = userId(server, AMSTERDAM);
    const existing = (await permissionsOf(amsterdam)).find((row) => row.appId === app!.id);
    const cell = existing
      ? ((
          await server.send('PATCH', `/app-permissions/${existing.id}`, admin, {
            canSelfConnect: !existing.canSelfConnect,
          })
        ).body as Row)
      : ((
          await server.send('POST', '/app-permissions', admin, {
            ownerId: amsterdam,
            appId: app!.id,
            canSelfConnect: false,
          })
        ).body as Row);
    const again = await server.send('PATCH', `/app-permissions/${cell.id}`, admin, {
      canSelfConnect: !cell.canSelfConnect,
    });
    expect(again.status).toBe(200);
    const stored = await server.data.get('app-permissions', cell.id);
    expect(stored?.canSelfConnect).toBe(!cell.canSelfConnect);
    const entries = await auditOf('app-permissions', cell.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'update',
      ownerId: amsterdam,
      changes: [
        { field: 'canSelfConnect', before: cell.canSelfConnect, after: !cell.canSelfConnect },
      ],
    });
    // A hotel cannot switch its own cell.
    const hotel = await server.login(AMSTERDAM);
    const refused = await server.send('PATCH', `/app-permissions/${cell.id}`, hotel, {
      canSelfConnect: true,
    });
    expect(refused.status).toBe(403);
  });
});
