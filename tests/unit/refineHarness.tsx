import { Refine, type AccessControlProvider, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { withI18n } from './testI18n';
import { Toasts } from '../../src/shell/Toasts';

/** A hotel operator (the dashboard's usual actor), as `getIdentity` answers. */
export const operator = {
  id: 7,
  role: 'operator',
  isAdmin: false,
  isSuperAdmin: false,
  locales: ['en'],
  sourceLocale: 'en',
  currency: 'EUR',
};

/** A backend in memory: records by id; what the form sent is what it stored. */
export function memory(stored: Record<string, unknown>[]): DataProvider {
  return {
    getApiUrl: () => '',
    getList: async () => ({ data: stored as never[], total: stored.length }),
    getMany: async ({ ids }) => ({
      data: stored.filter((row) => ids.includes(row.id as number)) as never[],
    }),
    getOne: async ({ id }) => ({ data: stored.find((row) => row.id === Number(id)) as never }),
    create: async ({ variables }) => {
      const row = { ...(variables as object), id: stored.length + 1 };
      stored.push(row);
      return { data: row as never };
    },
    update: async ({ id, variables }) => {
      const row = stored.find((item) => item.id === Number(id))!;
      Object.assign(row, variables);
      return { data: row as never };
    },
    deleteOne: async () => ({ data: {} as never }),
  };
}

interface Options {
  i18n: () => I18n;
  path: string;
  stored: Record<string, unknown>[];
  resources: Parameters<typeof Refine>[0]['resources'];
  accessControlProvider?: AccessControlProvider;
  /** Methods of the backend in memory that a test answers its own way. */
  dataProvider?: Partial<DataProvider>;
}

/** Renders `children` (the routes) inside Refine for real, signed in as the operator. */
export function renderInRefine(children: ReactNode, options: Options) {
  const I18n = withI18n(options.i18n);
  return render(
    <I18n>
      <Toasts>
        <MemoryRouter initialEntries={[options.path]}>
          <Refine
            dataProvider={{ ...memory(options.stored), ...options.dataProvider }}
            routerProvider={routerProvider}
            accessControlProvider={options.accessControlProvider}
            authProvider={{
              login: async () => ({ success: true }),
              logout: async () => ({ success: true }),
              check: async () => ({ authenticated: true }),
              onError: async () => ({}),
              getIdentity: async () => operator,
            }}
            resources={options.resources}
            options={{ disableTelemetry: true }}
          >
            {children}
          </Refine>
        </MemoryRouter>
      </Toasts>
    </I18n>,
  );
}
