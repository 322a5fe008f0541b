import { ResourceContext } from '@refinedev/core';
import routerBindings from '@refinedev/react-router';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { refineResources } from '../../src/crud/resourceRoutes';
import { routerProvider } from '../../src/providers/routerProvider';
import { resources } from '../../src/resources';

const refine = refineResources(resources);

/** Both parsers at one address, inside a route (with its params) or outside any. */
function parseAt(address: string, route?: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>
      <ResourceContext.Provider value={{ resources: refine }}>
        {route ? (
          <Routes>
            <Route path={route} element={children} />
          </Routes>
        ) : (
          children
        )}
      </ResourceContext.Provider>
    </MemoryRouter>
  );
  const hook = renderHook(
    () => ({
      ours: routerProvider.parse!(),
      theirs: routerBindings.parse!(),
      again: routerProvider.parse!(),
    }),
    { wrapper },
  );
  return hook.result.current;
}

describe("the router provider's shared parse", () => {
  it.each([
    ['/dashboard/form/list', undefined],
    [
      '/dashboard/form/list?currentPage=2&pageSize=20&sorters[0][field]=name&sorters[0][order]=asc&filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=spa',
      undefined,
    ],
    ['/dashboard/amenities/3/edit', '/dashboard/amenities/:id/edit'],
    ['/dashboard/amenities/3/edit', undefined],
    ['/dashboard/user/new?to=%2Fdashboard%2Fapp', undefined],
    ['/dashboard/app', undefined],
  ])('answers %s as @refinedev/react-router does', (address, route) => {
    const { ours, theirs } = parseAt(address, route);
    expect(ours()).toEqual(theirs());
  });

  it("leaves a list's shown columns out: they are no query of data (Refine's meta)", () => {
    const address = '/dashboard/form/list?pageSize=10&columns=name,slug&currentPage=1';
    const { ours, theirs } = parseAt(address);
    expect(ours().params).not.toHaveProperty('columns');
    const { columns, ...rest } = theirs().params ?? {};
    expect(columns).toBe('name,slug');
    expect(ours().params).toEqual(rest);
  });

  it("leaves an edit page's open tab out: a tab switch is no new query of the record", () => {
    const { ours, theirs } = parseAt('/dashboard/page/3/edit?tab=slug', '/dashboard/page/:id/edit');
    expect(ours().params).not.toHaveProperty('tab');
    const { tab, ...rest } = theirs().params ?? {};
    expect(tab).toBe('slug');
    expect(ours().params).toEqual(rest);
  });

  it('answers every hook at one address with the same object, parsed once', () => {
    const { ours, again } = parseAt('/dashboard/amenities/3/edit?pageSize=10');
    expect(again()).toBe(ours());
    expect(ours().id).toBe('3');
    expect(ours().resource?.name).toBe('amenities');
    expect(ours().params?.pageSize).toBe(10);
  });
});

describe("the router provider's go", () => {
  /** A list's `go` at /dashboard/a, in the browser's router, as Refine's list sync calls it. */
  function listAt(path: string) {
    window.history.replaceState(null, '', path);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BrowserRouter>{children}</BrowserRouter>
    );
    return renderHook(() => routerProvider.go!(), { wrapper }).result;
  }
  const sync = { type: 'replace', options: { keepQuery: true }, query: { pageSize: 10 } } as const;

  it("writes a list's query onto its own address", () => {
    const go = listAt('/dashboard/a/list');
    act(() => go.current(sync));
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/dashboard/a/list?pageSize=10',
    );
  });

  it('does not put a left page back: the address the browser moved on to stays', () => {
    const go = listAt('/dashboard/a/list');
    // A menu link went on while the next page's code loads: this page is still drawn.
    window.history.pushState(null, '', '/dashboard/b/list');
    act(() => go.current(sync));
    expect(window.location.pathname).toBe('/dashboard/b/list');
  });
});
