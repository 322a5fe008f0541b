import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { resources } from '../resources';
import { breadcrumbTrail, type TrailPlaces } from './trail';

/** The current page's trail (trail.ts): what the breadcrumb shows and the tab's title says. */
export function useTrail(places: TrailPlaces) {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  return breadcrumbTrail(pathname, {
    ...places,
    resources,
    exists: (key) => i18n.exists(key),
  });
}
