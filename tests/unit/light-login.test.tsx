import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LightLogin } from '../../src/features/auth/light/LightLogin';
import { getToken } from '../../src/providers/session';
import { testI18n, withI18n } from './testI18n';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPage = () => {
  const onContinue = vi.fn();
  const preload = vi.fn();
  render(<LightLogin onContinue={onContinue} preload={preload} />, {
    wrapper: withI18n(() => i18n),
  });
  return { onContinue, preload };
};

const answer = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );

describe('the light sign-in page', () => {
  it('says what is missing under each field, as the dashboard page does', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    expect(screen.getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the sign-in error of a wrong password and stays', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Unauthorized', statusCode: 401 }));
    const { onContinue, preload } = renderPage();
    await userEvent.type(screen.getByLabelText('Email address'), 'admin@example.com');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'wrong');
    // Typing starts the dashboard's download.
    expect(preload).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it('keeps the token and hands over to the dashboard after signing in', async () => {
    const fetch = answer(200, { accessToken: 'a.b.c' });
    vi.stubGlobal('fetch', fetch);
    const { onContinue } = renderPage();
    await userEvent.type(screen.getByLabelText('Email address'), ' admin@example.com ');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledWith({ to: '/dashboard/app' }));
    expect(getToken()).toBe('a.b.c');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    // The email as the schema leaves it (trimmed), as the dashboard's page sends it.
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'admin@example.com',
      password: 'demo1234',
    });
  });

  it('hands "Forgot password?" and the settings button over to the dashboard', async () => {
    const { onContinue } = renderPage();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(onContinue).toHaveBeenLastCalledWith({ to: '/auth/reset-password' });
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(onContinue).toHaveBeenLastCalledWith({ openSettings: true });
  });
});
