import { act, fireEvent, render, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { i18n as I18n } from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, writeSettings } from '../../src/shell/settings/settings';
import SettingsDrawer from '../../src/shell/settings/SettingsDrawer';
import { SettingsProvider } from '../../src/shell/settings/SettingsProvider';
import { testI18n, withI18n } from './testI18n';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

describe('the settings drawer (spec §2)', () => {
  beforeEach(() => {
    for (const key of Object.keys(Cookies.get())) Cookies.remove(key, { path: '/' });
  });

  const open = () =>
    render(
      <SettingsProvider>
        <SettingsDrawer open onClose={() => undefined} />
      </SettingsProvider>,
      { wrapper: withI18n(() => i18n) },
    );

  it('offers Mode only: no contrast, layout, direction, colour or stretch control', async () => {
    open();
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(drawer).getByText('Mode')).toBeVisible();
    expect(within(drawer).getByText('Light')).toBeVisible();
    expect(within(drawer).getByText('Dark')).toBeVisible();
    for (const hidden of ['Contrast', 'Layout', 'Direction', 'Colour preset', 'Stretch']) {
      expect(within(drawer).queryByText(hidden)).toBeNull();
    }
    // One choice (Mode's light/dark), no colour preset's.
    expect(within(drawer).getAllByRole('radiogroup')).toHaveLength(1);
    expect(within(drawer).queryByRole('switch')).toBeNull();
    // Its buttons: Reset and Close, nothing else.
    expect(
      within(drawer)
        .getAllByRole('button')
        .map((button) => button.ariaLabel),
    ).toEqual(['Reset', 'Close']);
  });

  it('keeps the other settings in their cookies, and Reset restores every default', async () => {
    writeSettings({
      ...readSettings(),
      themeMode: 'dark',
      themeContrast: 'bold',
      themeLayout: 'mini',
      themeColorPresets: 'cyan',
      themeStretch: true,
    });
    open();
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    expect(readSettings()).toMatchObject({ themeContrast: 'bold', themeLayout: 'mini' });
    await act(async () => {
      fireEvent.click(within(drawer).getByRole('button', { name: 'Reset' }));
    });
    // The defaults settings.test.ts spells out: light, ltr, default contrast, vertical, …
    expect(readSettings()).toEqual(DEFAULT_SETTINGS);
  });
});
