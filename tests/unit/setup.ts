import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// A screen's first render of an antd component in jsdom (its styles generated, its lazy chunk
// transformed) can take over a second while the other test files run alongside on two cores:
// findBy* queries wait up to 5 s (they still fail when the element never comes).
configure({ asyncUtilTimeout: 5000 });

// antd's responsive helpers need matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
