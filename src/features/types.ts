import type { ReactNode } from 'react';
import type { ResourceExtension } from '../crud/extension';
import type { Registry } from '../resources';
import type { Action } from '../schema/resource';
import type { ScreenEntry } from '../shell/navigation';

/** A page a feature serves under the dashboard layout. */
export interface FeatureRoute {
  path: string;
  element: ReactNode;
  /** Shown only to whom the resource's action is allowed (others get the 403 page). */
  access?: { resource: string; action: Action };
}

/**
 * What a feature adds to the product, registered in one list (src/features/index.ts): views
 * that extend or replace a declared resource's generic pages, its own routes, menu entries, a
 * banner, and pages the breadcrumbs link. The shell and the generic pages know no feature.
 */
export interface Feature {
  name: string;
  /**
   * Additions to declared resources' generic pages, by resource name: a registered one
   * (TypeScript refuses a name the registry, src/resources/index.ts, does not hold).
   */
  extend?: { readonly [Name in keyof Registry]?: ResourceExtension };
  routes?: readonly FeatureRoute[];
  /** Menu entries for the feature's own screens. */
  screens?: readonly ScreenEntry[];
  /** The feature's own pages that breadcrumbs link (e.g. `/dashboard/pos`). */
  pages?: readonly string[];
  /** Shown above every dashboard page. */
  banner?: ReactNode;
}

export const defineFeature = (feature: Feature): Feature => feature;
