import { useJsApiLoader, type Libraries } from '@react-google-maps/api';
import { Alert, Skeleton } from 'antd';
import { FieldLayout } from '../../crud/FieldLayout';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormAddonProps } from '../../crud/extension';
import type { Coordinates } from '../../schema/fields';

/**
 * The amenity form's place search (spec §2): a Google Places (New) autocomplete that fills in the
 * name, address, website and coordinates, and a small map of the coordinates. Loaded by
 * PlaceSearch only when a key is set, so the Maps loader ships with nothing else. Without a key, or when Google
 * cannot be reached, it says so and the form is filled in by hand.
 */

// A constant: the loader warns when it gets a new array on each render.
const LIBRARIES: Libraries = ['places', 'marker'];
const PLACE_FIELDS = ['displayName', 'formattedAddress', 'websiteURI', 'location'];
const MAP_HEIGHT = 200;

// The bundled @types/google.maps (3.58) predates the stable PlaceAutocompleteElement: its
// PlacesLibrary lacks the element and it has no `gmp-select` event yet.
interface PlacesLibrary {
  PlaceAutocompleteElement: typeof google.maps.places.PlaceAutocompleteElement;
}
interface PredictionSelectEvent extends Event {
  placePrediction?: { toPlace(): google.maps.places.Place } | null;
}

/** Google calls this global when the key is refused (wrong key, API not enabled, referrer). */
type AuthFailureWindow = Window & { gm_authFailure?: () => void };

/**
 * The Maps API loads once per page, in one language (its loader throws when asked again with
 * other options), so every mount reuses the language of the first one.
 */
let loadedLanguage: string | undefined;
const mapsLanguage = (language: string) => (loadedLanguage ??= language);

function coordinatesOf(value: unknown): Coordinates | null {
  if (!value || typeof value !== 'object') return null;
  const { lat, lng } = value as Partial<Coordinates>;
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : null;
}

export default function GooglePlaceSearch({
  values,
  setValue,
  apiKey,
}: FormAddonProps & { apiKey: string }) {
  const { t, i18n } = useTranslation();
  const [language] = useState(() => mapsLanguage(i18n.resolvedLanguage ?? i18n.language));
  const { isLoaded, loadError } = useJsApiLoader({
    googleMapsApiKey: apiKey,
    libraries: LIBRARIES,
    language,
    version: 'weekly',
  });
  const [authFailed, setAuthFailed] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [detailsFailed, setDetailsFailed] = useState(false);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const host = useRef<HTMLDivElement>(null);
  /** The name the last search put in, so a second search may replace it (but not a typed one). */
  const filledName = useRef<string | null>(null);
  const labelId = useId();

  useEffect(() => {
    const target = window as AuthFailureWindow;
    target.gm_authFailure = () => setAuthFailed(true);
    return () => {
      delete target.gm_authFailure;
    };
  }, []);

  // Fills the form from a chosen place: the address, website and coordinates always (the place
  // was chosen for them); the name only while empty or still the one an earlier search put there.
  const fill = useEffectEvent((place: google.maps.places.Place) => {
    const name = place.displayName?.trim();
    const currentName = typeof values.name === 'string' ? values.name.trim() : '';
    if (name && (!currentName || currentName === filledName.current)) {
      setValue('name', name);
      filledName.current = name;
    }
    if (place.formattedAddress) setValue('address', place.formattedAddress);
    if (place.websiteURI) setValue('url', place.websiteURI);
    if (place.location) {
      setValue('coordinates', { lat: place.location.lat(), lng: place.location.lng() });
    }
    setDetailsFailed(false);
  });

  useEffect(() => {
    const container = host.current;
    if (!isLoaded || !container) return;
    let cancelled = false;
    let created: HTMLElement | undefined;
    let sawSelect = false;

    const choose = async (place: google.maps.places.Place) => {
      try {
        await place.fetchFields({ fields: PLACE_FIELDS });
        if (!cancelled) fill(place);
      } catch {
        if (!cancelled) setDetailsFailed(true);
      }
    };
    const onSelect = (event: Event) => {
      sawSelect = true;
      const prediction = (event as PredictionSelectEvent).placePrediction;
      if (prediction) void choose(prediction.toPlace());
    };
    // The element's earlier event; ignored once the current one has been seen.
    const onPlaceSelect = (event: Event) => {
      const { place } = event as google.maps.places.PlaceAutocompletePlaceSelectEvent;
      if (!sawSelect && place) void choose(place);
    };
    const onRequestError = () => setDetailsFailed(true);

    google.maps.importLibrary('places').then(
      (library) => {
        if (cancelled) return;
        const { PlaceAutocompleteElement } = library as unknown as PlacesLibrary;
        const search = new PlaceAutocompleteElement({ requestedLanguage: language });
        search.style.width = '100%';
        search.addEventListener('gmp-select', onSelect);
        search.addEventListener('gmp-placeselect', onPlaceSelect);
        search.addEventListener('gmp-error', onRequestError);
        container.append(search);
        created = search;
        setElement(search);
      },
      () => {
        if (!cancelled) setUnavailable(true);
      },
    );
    return () => {
      cancelled = true;
      created?.remove();
      setElement(null);
    };
  }, [isLoaded, language]);

  // The element's input lives in its shadow DOM, out of reach of the label: its placeholder names
  // it, and the group around it carries the visible label.
  useEffect(() => {
    element?.setAttribute('placeholder', t('places.placeholder'));
  }, [element, t]);

  if (loadError || authFailed || unavailable) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 24 }}
        message={t('places.unavailableTitle')}
        description={t('places.unavailableText')}
      />
    );
  }

  const coordinates = coordinatesOf(values.coordinates);
  return (
    <>
      <FieldLayout label={<span id={labelId}>{t('places.searchLabel')}</span>}>
        <div ref={host} role="group" aria-labelledby={labelId} />
        {!element && <Skeleton.Input active block size="default" />}
      </FieldLayout>
      {detailsFailed && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          message={t('places.detailsFailed')}
        />
      )}
      {isLoaded && coordinates && (
        <MapPreview position={coordinates} label={t('places.mapLabel')} />
      )}
    </>
  );
}

/** A small map centred on the coordinates, with a marker; follows them as they change. */
function MapPreview({ position, label }: { position: Coordinates; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<{ map: google.maps.Map; marker: google.maps.Marker } | null>(
    null,
  );
  const start = useEffectEvent(() => position);

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    let cancelled = false;
    Promise.all([google.maps.importLibrary('maps'), google.maps.importLibrary('marker')]).then(
      ([maps, markers]) => {
        if (cancelled) return;
        const { Map } = maps as google.maps.MapsLibrary;
        const { Marker } = markers as google.maps.MarkerLibrary;
        const center = start();
        const map = new Map(target, {
          center,
          zoom: 16,
          disableDefaultUI: true,
          zoomControl: true,
          clickableIcons: false,
        });
        setView({ map, marker: new Marker({ map, position: center }) });
      },
      () => {
        // No map then; the coordinates stay editable in the form.
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const { lat, lng } = position;
  useEffect(() => {
    view?.map.setCenter({ lat, lng });
    view?.marker.setPosition({ lat, lng });
  }, [view, lat, lng]);

  return (
    <div
      role="region"
      aria-label={label}
      style={{ marginBottom: 24, borderRadius: 8, overflow: 'hidden' }}
    >
      <div ref={container} style={{ height: MAP_HEIGHT }} />
    </div>
  );
}
