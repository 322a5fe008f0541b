import { Refine, type DataProvider, type GetListParams } from '@refinedev/core';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { firstPageAddress } from '../../src/crud/list/firstPage';
import { useListRecords } from '../../src/crud/list/useListRecords';
import { refineResources } from '../../src/crud/resourceRoutes';
import type { useResourceText } from '../../src/crud/useResourceText';
import { config } from '../../src/config';
import { listAddress } from '../../src/providers/dataProvider';
import { routerProvider } from '../../src/providers/routerProvider';
import { resources } from '../../src/resources';
import { can, offered } from '../../src/schema/resource';
import type { User } from '../../src/schema/user';
import { Toasts } from '../../src/shell/Toasts';

const actor = (overrides: Partial<User>) =>
  ({
    id: 7,
    role: 'operator',
    isAdmin: false,
    isSuperAdmin: false,
    locales: ['en', 'nl'],
    sourceLocale: 'nl',
    ...overrides,
  }) as User;
const USERS = [actor({}), actor({ id: 1, role: 'admin', isAdmin: true, sourceLocale: 'en' })];

const SEARCHES = [
  '',
  '?currentPage=2&pageSize=20',
  '?sorters[0][field]=id&sorters[0][order]=asc',
  '?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=spa&currentPage=3',
];

/** The address of the first page the list engine itself asks for at `search`. */
async function askedFirst(resource: (typeof resources)[number], user: User, search: string) {
  const asked: string[] = [];
  const noAnswer = () => Promise.reject(new Error('not in this test'));
  const dataProvider: DataProvider = {
    getApiUrl: () => config.apiUrl,
    getList: async (params: GetListParams) => {
      asked.push(listAddress(config.apiUrl, params));
      return { data: [], total: 0 };
    },
    getOne: noAnswer,
    create: noAnswer,
    update: noAnswer,
    deleteOne: noAnswer,
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Toasts>
      <MemoryRouter initialEntries={[`/dashboard/${resource.route}/list${search}`]}>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          resources={refineResources(resources)}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: {} } }}
        >
          {children}
        </Refine>
      </MemoryRouter>
    </Toasts>
  );
  const text = { t: (key: string) => key } as ReturnType<typeof useResourceText>;
  renderHook(() => useListRecords(resource, user, text), { wrapper });
  await waitFor(() => expect(asked.length).toBeGreaterThan(0));
  return asked[0];
}

// A list's first rows are asked for with its code (resourceRoutes' preloadResourcePage): if the
// early address differs from the list's own, the list asks twice and waits for its own answer.
describe("a list's first page asked for early", () => {
  const cases = resources
    .filter((resource) => !resource.singleton && offered(resource, 'list'))
    .flatMap((resource) =>
      USERS.filter((user) => can(resource, 'list', user)).flatMap((user) =>
        SEARCHES.map((search) => ({
          name: resource.name,
          role: user.role,
          resource,
          user,
          search,
        })),
      ),
    );

  it('covers every listed resource', () => {
    expect(new Set(cases.map((entry) => entry.name)).size).toBeGreaterThan(8);
  });

  it.each(cases)('$name as $role at "$search" is the address the list asks for', async (entry) => {
    const expected = await askedFirst(entry.resource, entry.user, entry.search);
    expect(firstPageAddress(entry.resource, entry.user, entry.search)).toBe(expected);
  });
});
