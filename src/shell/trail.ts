/**
 * Where a page sits: the breadcrumb trail and the browser tab's title come from the path alone,
 * so every page (generated or a feature's) gets both without saying anything. Pure: no React.
 */

/**
 * A crumb's text: an i18n key, or a literal. A record's step also names the record (its
 * resource and id), so the breadcrumb can show its name; the literal `#<id>` stands until then.
 */
export type CrumbLabel =
  { key: string } | { text: string; record?: { resource: string; id: number } };

export interface Crumb {
  /** Unique among the trail's crumbs (the path up to and including this step). */
  key: string;
  label: CrumbLabel;
  /** Where the crumb links; none for the current page and for steps that are not pages. */
  path?: string;
  /** The step names what is done with a resource (list, new, edit…): left out of titles. */
  action?: boolean;
}

/** What the trail needs of a declared resource. */
export interface TrailResource {
  name: string;
  route: string;
}

/** A feature's page of one record by its id: `/dashboard/requests/:id` shows a submission. */
export interface RecordPage {
  /** The path the id follows, e.g. `/dashboard/requests`. */
  parent: string;
  resource: string;
}

/** What the features' pages add to the trail. */
export interface TrailPlaces {
  /** Paths of the features' own pages (so their crumbs link). */
  pages?: readonly string[];
  /** Their pages of one record (so the id's step names the record, as a generic page's does). */
  recordPages?: readonly RecordPage[];
}

interface TrailContext extends TrailPlaces {
  resources: readonly TrailResource[];
  /** Whether the catalogue has a key. */
  exists: (key: string) => boolean;
}

const ID_PARAM = '/:id';

/**
 * The trail's places from the features' declarations: their linked pages, and each route ending
 * in `/:id` whose access names a resource is a page of one of its records.
 */
export function featurePlaces(
  features: readonly {
    pages?: readonly string[];
    routes?: readonly { path: string; access?: { resource: string } }[];
  }[],
): Required<TrailPlaces> {
  return {
    pages: features.flatMap((feature) => feature.pages ?? []),
    recordPages: features.flatMap((feature) =>
      (feature.routes ?? []).flatMap(({ path, access }) =>
        access && path.endsWith(ID_PARAM)
          ? [{ parent: path.slice(0, -ID_PARAM.length), resource: access.resource }]
          : [],
      ),
    ),
  };
}

const ACTIONS = new Set(['list', 'new', 'edit', 'show', 'new-pdf', 'new-iframe']);

/** Pages outside /dashboard that have a name. */
const TOP_LEVEL: Record<string, string> = {
  '403': 'errors.forbiddenTitle',
  '500': 'errors.serverErrorTitle',
  'auth/login': 'auth.signIn',
  'auth/reset-password': 'auth.resetTitle',
  'auth/new-password': 'auth.newPasswordTitle',
};

const isId = (segment: string) => /^\d+$/.test(segment);

/** The breadcrumb trail of a path in the dashboard. */
export function breadcrumbTrail(pathname: string, context: TrailContext): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const own = (index: number) => '/' + segments.slice(0, index + 1).join('/');
  const named = (key: string, fallback: string): CrumbLabel =>
    context.exists(key) ? { key } : { text: fallback };

  if (segments[0] !== 'dashboard') {
    const top = TOP_LEVEL[segments.join('/')];
    if (!top) return [];
    const crumbs: Crumb[] = [{ key: 'home', label: { key: 'breadcrumb.dashboard' } }];
    // The error pages sit in the dashboard's shell; their first step leads home.
    if (!segments[0]?.startsWith('auth')) crumbs[0]!.path = '/dashboard/app';
    else crumbs.length = 0;
    return [...crumbs, { key: own(segments.length - 1), label: { key: top } }];
  }

  // The resource whose route spans the most segments from here wins: on
  // /dashboard/apps/hotek/timeslots the timeslots, not the bookings at apps/hotek.
  const resourceFrom = (start: number) => {
    let best: { resource: TrailResource; end: number } | undefined;
    for (const resource of context.resources) {
      const route = resource.route.split('/');
      const end = start + route.length - 1;
      const matches = route.every((part, offset) => segments[start + offset] === part);
      if (matches && (!best || end > best.end)) best = { resource, end };
    }
    return best;
  };
  const crumbs: Crumb[] = [];
  let resource: TrailResource | undefined;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const path = own(index);
    if (index === 0) {
      crumbs.push({ key: path, label: { key: 'breadcrumb.dashboard' }, path });
      continue;
    }
    const found = resource ? undefined : resourceFrom(index);
    if (found) {
      // The steps a resource's route passes through (apps, hotek, pos) are not pages of their own.
      for (let step = index; step < found.end; step++) {
        const part = segments[step]!;
        const stepPath = own(step);
        crumbs.push({
          key: stepPath,
          label: context.exists(`breadcrumb.${part}`)
            ? { key: `breadcrumb.${part}` }
            : named(`nav.${part}`, part),
          path: context.pages?.includes(stepPath) ? stepPath : undefined,
        });
      }
      resource = found.resource;
      index = found.end;
      const resourcePath = own(index);
      const label = `breadcrumb.${resource.name}`;
      // A step on the way may bear the resource's name (apps/catalogue): the crumb is its title.
      const stepNamed = resource.route.split('/').slice(0, -1).includes(resource.name);
      crumbs.push({
        key: resourcePath,
        label:
          context.exists(label) && !stepNamed
            ? { key: label }
            : { key: `resources.${resource.name}.title` },
        path: resourcePath,
      });
      continue;
    }
    if (resource && isId(segment)) {
      // A record's own page is its show page.
      crumbs.push({
        key: path,
        label: { text: `#${segment}`, record: { resource: resource.name, id: Number(segment) } },
        path: `${path}/show`,
      });
      continue;
    }
    const recordPage = isId(segment)
      ? context.recordPages?.find((page) => page.parent === own(index - 1))
      : undefined;
    if (recordPage) {
      crumbs.push({
        key: path,
        label: {
          text: `#${segment}`,
          record: { resource: recordPage.resource, id: Number(segment) },
        },
      });
      continue;
    }
    crumbs.push({
      key: path,
      label: named(`breadcrumb.${segment}`, segment),
      path: context.pages?.includes(path) ? path : undefined,
      action: ACTIONS.has(segment),
    });
  }
  return crumbs;
}

/**
 * The tab title's parts, most specific first: the trail without the dashboard's root, without
 * "List" (a list's title is its resource's name) and without the steps that are not pages
 * (apps, hotek). The caller appends the product's name.
 */
export function titleParts(trail: readonly Crumb[]): CrumbLabel[] {
  const steps = trail.length > 1 ? trail.slice(1) : trail;
  return steps
    .filter((crumb, index) => {
      if (crumb.action) return !crumb.key.endsWith('/list');
      return Boolean(crumb.path) || index === steps.length - 1;
    })
    .map((crumb) => crumb.label)
    .reverse();
}
