import { CanAccess, type ResourceProps } from '@refinedev/core';
import type { ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { can, offered, type Action, type Resource } from '../schema/resource';
import type { User } from '../schema/user';
import { ForbiddenPage, NotFoundPage } from '../shell/ErrorPages';
import { preloadable } from '../shell/preloadable';
import { prefetchFirstPage } from './list/firstPage';
import { preloadListParts } from './listParts';
import type { ResourceExtension } from './extension';

const ResourceList = preloadable(() => import('./ResourceList'));
const ResourceForm = preloadable(() => import('./ResourceForm'));
const ResourceShow = preloadable(() => import('./ResourceShow'));

const paths = (resource: Resource) => {
  const base = `/dashboard/${resource.route}`;
  return {
    base,
    list: `${base}/list`,
    create: `${base}/new`,
    edit: `${base}/:id/edit`,
    show: `${base}/:id/show`,
  };
};

/** Refine's view of the registry: names, routes and the labels' i18n keys. */
export function refineResources(resources: readonly Resource[]): ResourceProps[] {
  return resources.map((resource) => {
    const path = paths(resource);
    // One record per hotel: its page is the resource's index (a feature's), nothing else.
    if (resource.singleton) {
      return {
        name: resource.name,
        list: path.base,
        meta: { label: `resources.${resource.name}.title`, canDelete: false },
      };
    }
    return {
      name: resource.name,
      list: path.list,
      show: path.show,
      ...(offered(resource, 'create') && { create: path.create }),
      ...(offered(resource, 'edit') && { edit: path.edit }),
      meta: {
        label: `resources.${resource.name}.title`,
        canDelete: offered(resource, 'delete'),
      },
    };
  });
}

function Guard({
  resource,
  action,
  children,
}: {
  resource: Resource;
  action: Action;
  children: ReactNode;
}) {
  return (
    <CanAccess resource={resource.name} action={action} fallback={<ForbiddenPage />}>
      {children}
    </CanAccess>
  );
}

/**
 * The create pages: `new`, and one per variant with a route of its own (`new-pdf`); a variant
 * whose route is `new` is what `new` makes.
 */
export function createRoutes(resource: Resource): { route: string; variant?: string }[] {
  const variants = Object.entries(resource.variants?.of ?? {}).map(([variant, { route }]) => ({
    route,
    variant,
  }));
  return variants.some((entry) => entry.route === 'new')
    ? variants
    : [{ route: 'new' }, ...variants];
}

/**
 * Starts the chunk of the generated page a first load of `pathname` shows, so it downloads while
 * the session is checked instead of after (a feature's own page for the path loads as before).
 */
export function preloadResourcePage(
  pathname: string,
  resources: readonly Resource[],
  extensionOf: (name: string) => ResourceExtension,
  /** The signed-in user, once known: a list's first rows are asked for with its code. */
  user: Promise<User | null>,
): void {
  const match = /^\/dashboard\/([^/]+)\/(list|new|[^/]+\/edit|[^/]+\/show)$/.exec(pathname);
  const resource = match && resources.find((entry) => entry.route === match[1]);
  if (!match || !resource || resource.singleton) return;
  const page = match[2]!;
  const extension = extensionOf(resource.name);
  if (page === 'list') {
    void ResourceList.preload();
    preloadListParts(resource);
    const search = location.search;
    void user.then((actor) => {
      if (actor && can(resource, 'list', actor)) prefetchFirstPage(resource, actor, search);
    });
  } else if (page.endsWith('/show')) void ResourceShow.preload();
  else if (page === 'new' ? !extension.createElement : !extension.editElement) {
    void ResourceForm.preload();
    // What a feature shows with the form comes with it, not after its first paint (a shift).
    const parts = [extension.formAddon, extension.formAside];
    if (page === 'new') parts.push(extension.createAside);
    for (const part of parts) void part?.preload?.();
  }
}

/** The routes of one declared resource under /dashboard/<route>. */
export function resourceRoutes(resource: Resource, extension: ResourceExtension = {}) {
  const path = paths(resource);
  const isOffered = (action: Action) => offered(resource, action);
  if (resource.singleton) {
    // A per-hotel singleton has no list, show or create page: its feature's page is all of it.
    return (
      <Route key={resource.name} path={path.base}>
        <Route
          index
          element={
            <Guard resource={resource} action="list">
              {extension.indexElement ?? <NotFoundPage />}
            </Guard>
          }
        />
        <Route path="*" element={<Navigate to={path.base} replace />} />
      </Route>
    );
  }
  return (
    <Route key={resource.name} path={path.base}>
      <Route
        index
        element={
          extension.indexElement ? (
            <Guard resource={resource} action="list">
              {extension.indexElement}
            </Guard>
          ) : (
            <Navigate to={path.list} replace />
          )
        }
      />
      <Route
        path="list"
        element={
          <Guard resource={resource} action="list">
            <ResourceList
              resource={resource}
              rowActions={extension.rowActions}
              bulk={extension.bulk}
            />
          </Guard>
        }
      />
      {isOffered('edit') && (
        <Route
          path=":id/edit"
          element={
            <Guard resource={resource} action="edit">
              {extension.editElement ?? (
                <ResourceForm key="edit" resource={resource} action="edit" extension={extension} />
              )}
            </Guard>
          }
        />
      )}
      {isOffered('create') &&
        createRoutes(resource).map(({ route, variant }) => (
          <Route
            key={route}
            path={route}
            element={
              <Guard resource={resource} action="create">
                {extension.createElement ?? (
                  <ResourceForm
                    // A new form for each variant: nothing typed for one carries over to another.
                    key={`create-${route}`}
                    resource={resource}
                    action="create"
                    variant={variant}
                    extension={extension}
                  />
                )}
              </Guard>
            }
          />
        ))}
      <Route
        path=":id/show"
        element={
          <Guard resource={resource} action="show">
            <ResourceShow
              resource={resource}
              actions={extension.showActions}
              content={extension.showContent}
            />
          </Guard>
        }
      />
    </Route>
  );
}
