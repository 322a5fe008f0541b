import { CanAccess, type ResourceProps } from '@refinedev/core';
import { lazy, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { allows, type Action, type ResourceDeclaration } from '../schema/resource';
import { ForbiddenPage } from '../shell/ErrorPages';
import type { ListProps } from './ResourceList';

const ResourceList = lazy(() => import('./ResourceList'));
const ResourceForm = lazy(() => import('./ResourceForm'));
const ResourceShow = lazy(() => import('./ResourceShow'));

type Row = Record<string, unknown> & { id: number };

/** What a feature adds to a generated resource's pages. */
export interface ResourceExtension {
  rowActions?: ListProps['rowActions'];
  showActions?: (record: Row) => ReactNode;
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
      <Route index element={<Navigate to={path.list} replace />} />
      <Route
        path="list"
        element={
          <Guard resource={resource} action="list">
            <ResourceList resource={resource} rowActions={extension.rowActions} />
          </Guard>
        }
      />
      {offered('create') && (
        <Route
          path="new"
          element={
            <Guard resource={resource} action="create">
              <ResourceForm key="create" resource={resource} action="create" />
            </Guard>
          }
        />
      )}
      {offered('edit') && (
        <Route
          path=":id/edit"
          element={
            <Guard resource={resource} action="edit">
              <ResourceForm key="edit" resource={resource} action="edit" />
            </Guard>
          }
        />
      )}
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
