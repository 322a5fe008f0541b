import { describe, expect, it } from 'vitest';
import { runtimeConfig, runtimeConfigScript } from '../../scripts/runtimeConfig.mjs';

describe('the run-time configuration script', () => {
  it('takes the API address and the Maps key from the environment, nothing else', () => {
    expect(
      runtimeConfig({
        DASHBOARD_API_URL: ' https://api.example.com ',
        GOOGLE_MAPS_API_KEY: 'key-1',
        JWT_SECRET: 'never-in-the-browser',
      }),
    ).toEqual({ apiUrl: 'https://api.example.com', googleMapsApiKey: 'key-1' });
    expect(runtimeConfig({ DASHBOARD_API_URL: '  ' })).toEqual({});
  });

  it('cannot be made to close its script element', () => {
    const script = runtimeConfigScript({ apiUrl: '</script><script>alert(1)</script>' });
    expect(script).not.toContain('</script>');
    const window: { __STAY_CONFIG__?: unknown } = {};
    new Function('window', script)(window);
    expect(window.__STAY_CONFIG__).toEqual({ apiUrl: '</script><script>alert(1)</script>' });
  });
});
