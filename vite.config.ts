import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The dashboard talks to the API through `/api` by default; dev and preview servers proxy it to
// the bundled API, so `npm start` needs no CORS and works from any host name.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;
const proxy = {
  '/api': {
    target: apiTarget,
    changeOrigin: true,
    // Tells the API the browser's address, so its limits count per client (trusted from loopback).
    xfwd: true,
    rewrite: (path: string) => path.replace(/^\/api/, ''),
  },
};

// The dashboard is never framed (clickjacking) and never sniffed. No fuller CSP: Google Maps and
// antd's inline styles would need it opened up so far that it would protect little.
const headers = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

export default defineConfig({
  plugins: [react()],
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy, headers },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy, headers },
  build: { chunkSizeWarningLimit: 1200, manifest: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Refine's packages are bundled with our copy of react-router (one router context).
          server: { deps: { inline: [/@refinedev\//] } },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 20000,
        },
      },
    ],
  },
});
