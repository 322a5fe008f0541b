import { Alert } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import type { FormAddonProps } from '../../crud/extension';

// The Google Maps loader and the search load only when a key is set (without one the amenity
// form says so and is filled in by hand).
const GooglePlaceSearch = lazy(() => import('./GooglePlaceSearch'));

/** The amenity form's place search (spec §2), or a note that it is off without a Maps key. */
export default function PlaceSearch(props: FormAddonProps) {
  const { t } = useTranslation();
  if (!config.googleMapsApiKey) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        message={t('places.noKeyTitle')}
        description={t('places.noKeyText')}
      />
    );
  }
  return (
    <Suspense fallback={null}>
      <GooglePlaceSearch {...props} apiKey={config.googleMapsApiKey} />
    </Suspense>
  );
}
