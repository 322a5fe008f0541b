import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import { loadConfig } from '../../mock-server/config';
import { AMSTERDAM, startServer, type TestServer } from './helpers';

// Off the default port, mailed links and the OAuth return still reach the dashboard: APP_URL
// and API_PUBLIC_URL follow WEB_PORT and HOST unless they are set.

describe('addresses that follow WEB_PORT and HOST', () => {
  it('derives APP_URL, API_PUBLIC_URL and the allowed origins', () => {
    const config = loadConfig({ WEB_PORT: '5610' });
    expect(config.appUrl).toBe('http://localhost:5610');
    expect(config.apiPublicUrl).toBe('http://localhost:5610/api');
    expect(config.corsOrigins).toEqual(['http://localhost:5610', 'http://127.0.0.1:5610']);
    expect(loadConfig({ WEB_PORT: '8080', HOST: 'stay.example.net' }).appUrl).toBe(
      'http://stay.example.net:8080',
    );
    // Serving on every interface: links name this machine as its own browser reaches it.
    expect(loadConfig({ HOST: '0.0.0.0' }).appUrl).toBe('http://localhost:5173');
    expect(loadConfig({}).appUrl).toBe('http://localhost:5173');
  });

  it('keeps APP_URL and API_PUBLIC_URL when they are set', () => {
    const config = loadConfig({
      WEB_PORT: '5610',
      APP_URL: 'https://console.example.com/',
      API_PUBLIC_URL: 'https://api.example.com',
    });
    expect(config.appUrl).toBe('https://console.example.com');
    expect(config.apiPublicUrl).toBe('https://api.example.com');
  });

  it('refuses a WEB_PORT that is no port', () => {
    expect(() => loadConfig({ WEB_PORT: 'abc' })).toThrow(
      'WEB_PORT must be an integer between 1 and 65535, got "abc"',
    );
  });

  it('runs several API processes only on a shared database', () => {
    expect(loadConfig({}).apiWorkers).toBe(1);
    expect(() => loadConfig({ API_WORKERS: '2' })).toThrow(
      'API_WORKERS=2 needs DATABASE_URL: several processes cannot share the JSON file',
    );
    expect(loadConfig({ API_WORKERS: '2', DATABASE_URL: 'postgres://db/stay' }).apiWorkers).toBe(2);
    expect(() => loadConfig({ API_WORKERS: '0' })).toThrow('API_WORKERS must be an integer');
  });
});

describe('a mailed link off the default port', () => {
  let server: TestServer;
  beforeAll(async () => {
    // APP_URL empty: unset, as on a machine that only sets WEB_PORT.
    server = await startServer({ env: { WEB_PORT: '5610', APP_URL: '' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('links the reset to the dashboard on WEB_PORT', async () => {
    const answer = await server.request('POST', '/auth/forgot-password', {
      json: { email: AMSTERDAM },
    });
    expect(answer.status).toBe(204);
    await expect
      .poll(() => readLatestMail(server.config.mailOutbox, AMSTERDAM)?.text ?? '')
      .toMatch(/http:\/\/localhost:5610\/auth\/new-password\?token=[\w-]+/);
  });
});
