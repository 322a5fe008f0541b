/*
 * Offline stand-in for the Maps JavaScript API, served by the e2e tests in place of
 * https://maps.googleapis.com/maps/api/js (see amenities.spec.ts). The product's own loader and
 * integration code run against it unchanged.
 *
 * Like the real script it takes its settings from its own URL: @googlemaps/js-api-loader's
 * bootstrap defines a temporary `google.maps.importLibrary`, adds this script with
 * `callback=google.maps.__ib__`, and waits for that callback; after it, every import goes to the
 * `importLibrary` defined here. So this file replaces `importLibrary`, then calls the callback.
 *
 * It knows one place: whatever is typed in the place search, Enter picks the Rijksmuseum.
 */
(() => {
  const params = new URL(document.currentScript.src).searchParams;
  const google = (window.google ??= {});
  const maps = (google.maps ??= {});

  const RIJKSMUSEUM = {
    displayName: 'Rijksmuseum',
    formattedAddress: 'Museumstraat 1, 1071 XX Amsterdam, Netherlands',
    websiteURI: 'https://www.rijksmuseum.nl/',
    location: { lat: 52.36, lng: 4.8852 },
  };

  class LatLng {
    constructor(lat, lng) {
      this.latitude = Number(lat);
      this.longitude = Number(lng);
    }
    lat() {
      return this.latitude;
    }
    lng() {
      return this.longitude;
    }
    toJSON() {
      return { lat: this.latitude, lng: this.longitude };
    }
    toString() {
      return `${this.latitude}, ${this.longitude}`;
    }
  }
  const toLatLng = (value) =>
    value instanceof LatLng ? value : new LatLng(value?.lat ?? 0, value?.lng ?? 0);

  /** Places API (New) `Place`: empty until `fetchFields` asks for fields. */
  class Place {
    constructor({ id }) {
      this.id = id;
    }
    async fetchFields({ fields }) {
      for (const field of fields) {
        if (!(field in RIJKSMUSEUM)) continue;
        this[field] =
          field === 'location'
            ? new LatLng(RIJKSMUSEUM.location.lat, RIJKSMUSEUM.location.lng)
            : RIJKSMUSEUM[field];
      }
      return { place: this };
    }
  }

  /** `<gmp-place-autocomplete>`: its input sits in a shadow root, as in the real element. */
  class PlaceAutocompleteElement extends HTMLElement {
    static observedAttributes = ['placeholder'];

    constructor(options = {}) {
      super();
      this.requestedLanguage = options.requestedLanguage ?? null;
      const input = document.createElement('input');
      input.setAttribute('role', 'combobox');
      input.setAttribute('aria-expanded', 'false');
      input.setAttribute('aria-autocomplete', 'list');
      input.style.cssText = 'box-sizing: border-box; width: 100%; padding: 4px 11px;';
      input.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        if (!input.value.trim()) return;
        const select = new Event('gmp-select');
        select.placePrediction = { toPlace: () => new Place({ id: 'stub-rijksmuseum' }) };
        this.dispatchEvent(select);
      });
      this.input = input;
      this.attachShadow({ mode: 'open' }).append(input);
    }

    attributeChangedCallback(_name, _old, value) {
      this.input.placeholder = value ?? '';
    }
  }
  if (!customElements.get('gmp-place-autocomplete')) {
    customElements.define('gmp-place-autocomplete', PlaceAutocompleteElement);
  }

  /** A visible box saying where the map is centred; markers list themselves inside it. */
  class StubMap {
    constructor(div, options = {}) {
      this.div = div;
      this.canvas = document.createElement('div');
      this.canvas.dataset.stub = 'map';
      this.canvas.style.cssText = 'height: 100%; background: #dfe9d8; padding: 8px;';
      this.caption = document.createElement('p');
      this.canvas.append(this.caption);
      div.append(this.canvas);
      this.setCenter(options.center);
    }
    setCenter(center) {
      this.center = toLatLng(center);
      this.caption.textContent = `Map centred on ${this.center}`;
    }
    getCenter() {
      return this.center;
    }
    getDiv() {
      return this.div;
    }
  }

  class Marker {
    constructor(options = {}) {
      this.label = document.createElement('p');
      this.label.dataset.stub = 'marker';
      this.setPosition(options.position);
      this.setMap(options.map ?? null);
    }
    setPosition(position) {
      this.position = toLatLng(position);
      this.label.textContent = `Marker at ${this.position}`;
    }
    getPosition() {
      return this.position;
    }
    setMap(map) {
      this.map = map;
      if (map) map.canvas.append(this.label);
      else this.label.remove();
    }
  }

  const libraries = {
    core: { LatLng },
    maps: { Map: StubMap },
    marker: { Marker },
    places: { Place, PlaceAutocompleteElement },
  };
  Object.assign(maps, libraries.core, libraries.maps, libraries.marker, {
    version: 'e2e-stub',
    places: libraries.places,
    importLibrary: async (name) => {
      if (!(name in libraries)) throw new Error(`The stub has no "${name}" library`);
      return libraries[name];
    },
  });

  // The real API refuses a missing key the same way: through the page's gm_authFailure.
  if (!params.get('key')) window.gm_authFailure?.();

  const callback = (params.get('callback') ?? '')
    .split('.')
    .reduce((owner, key) => owner?.[key], window);
  if (typeof callback === 'function') callback();
})();
