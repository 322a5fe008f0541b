import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The dashboard talks to the API through `/api` by default; dev and preview servers proxy it to
// the bundled API, so `npm start` needs no CORS and works from any host name.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;
const proxy = {
  '/api': {
    target: apiTarget,
    changeOrigin: true,
    rewrite: (path: string) => path.replace(/^\/api/, ''),
  },
};

export default defineConfig({
  plugins: [react()],
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy },
  build: { chunkSizeWarningLimit: 1200, manifest: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
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
