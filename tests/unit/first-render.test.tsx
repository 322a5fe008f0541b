import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from '../../src/schema/format';
import { preloadable } from '../../src/shell/preloadable';

const screenModule = () => Promise.resolve({ default: () => <p>the list</p> });

describe('a preloadable screen', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const List = preloadable(screenModule);
    await List.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <List />
      </Suspense>,
    );
    // In the same commit: no fallback (React would hold the reveal back ~300 ms).
    expect(screen.getByText('the list')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy when it is not loaded yet, and loads once', async () => {
    let loads = 0;
    const List = preloadable(() => {
      loads += 1;
      return screenModule();
    });
    render(
      <Suspense fallback={<p>waiting</p>}>
        <List />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('the list')).toBeInTheDocument();
    await List.preload();
    expect(loads).toBe(1);
  });
});

describe('formatting', () => {
  const moment = new Date('2026-11-25T14:05:00Z');
  it.each(['en', 'nl', 'de', 'fr', 'es'])('writes %s as toLocaleString does', (language) => {
    expect(formatNumber(1234567.5, language)).toBe((1234567.5).toLocaleString(language));
    expect(formatNumber(12.5, language, { style: 'currency', currency: 'EUR' })).toBe(
      (12.5).toLocaleString(language, { style: 'currency', currency: 'EUR' }),
    );
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    expect(formatDate(moment, language, options)).toBe(moment.toLocaleString(language, options));
    const day = { dateStyle: 'medium', timeZone: 'UTC' } as const;
    expect(formatDate(moment, language, day)).toBe(moment.toLocaleDateString(language, day));
  });
});
