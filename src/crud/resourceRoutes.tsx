import { CanAccess, type ResourceProps } from '@refinedev/core';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { allows, type Action, type ResourceDeclaration } from '../schema/resource';
import { ForbiddenPage } from '../shell/ErrorPages';
import type { FormAddonProps } from './ResourceForm';
import type { ListProps } from './ResourceList';

const ResourceList = lazy(() => import('./ResourceList'));
const ResourceForm = lazy(() => import('./ResourceForm'));
const ResourceShow = lazy(() => import('./ResourceShow'));

type Row = Record<string, unknown> & { id: number };

/** What a feature adds to a generated resource's pages. */
export interface ResourceExtension {
  rowActions?: ListProps['rowActions'];
  showActions?: (record: Row) => ReactNode;
  /** Shown above the create and edit forms' fields; keep it lazy if it is heavy. */
  formAddon?: ComponentType<FormAddonProps>;
  /**
   * A feature's own page at /dashboard/<route> (behind the list permission) instead of the
   * redirect to the list; an index route outranks a plain route of the same path.
   */
  indexElement?: ReactNode;
}

const paths = (resource: ResourceDeclaration) => {
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
export function refineResources(resources: readonly ResourceDeclaration[]): ResourceProps[] {
  return resources.map((resource) => {
    const path = paths(resource);
    return {
      name: resource.name,
      list: path.list,
      show: path.show,
      ...(resource.access.create !== 'none' && { create: path.create }),
      ...(resource.access.update !== 'none' && { edit: path.edit }),
      meta: {
        label: `resources.${resource.name}.title`,
        canDelete: resource.access.delete !== 'none',
      },
    };
  });
}

function Guard({
  resource,
  action,
  children,
}: {
  resource: ResourceDeclaration;
  action: Action;
  children: ReactNode;
}) {
  return (
    <CanAccess resource={resource.name} action={action} fallback={<ForbiddenPage />}>
      {children}
    </CanAccess>
  );
}

/** The routes of one declared resource under /dashboard/<route>. */
export function resourceRoutes(resource: ResourceDeclaration, extension: ResourceExtension = {}) {
  const path = paths(resource);
  const offered = (action: Action) =>
    allows(
      action === 'create'
        ? resource.access.create
        : action === 'edit'
          ? resource.access.update
          : resource.access.read,
      { id: 0, isAdmin: true, isSuperAdmin: true },
    );
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
            <ResourceList resource={resource} rowActions={extension.rowActions} />
          </Guard>
        }
      />
      {(['create', 'edit'] as const).filter(offered).map((action) => (
        <Route
          key={action}
          path={action === 'create' ? 'new' : ':id/edit'}
          element={
            <Guard resource={resource} action={action}>
              <ResourceForm
                key={action}
                resource={resource}
                action={action}
                Addon={extension.formAddon}
              />
            </Guard>
          }
        />
      ))}
      <Route
        path=":id/show"
        element={
          <Guard resource={resource} action="show">
            <ResourceShow resource={resource} actions={extension.showActions} />
          </Guard>
        }
      />
    </Route>
  );
}
