// The dashboard's run-time configuration. One build deploys anywhere: `config.js` beside
// index.html sets `window.__STAY_CONFIG__`, which src/config.ts reads before the build-time
// VITE_* defaults. `npm start` (vite preview) and `npm run dev` answer it from their environment;
// any other static server gets it written once: `node scripts/runtimeConfig.mjs <build folder>`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RUNTIME_CONFIG_FILE = 'config.js';

/** What the environment sets: DASHBOARD_API_URL and GOOGLE_MAPS_API_KEY (unset: the build's). */
export function runtimeConfig(env = process.env) {
  const config = {};
  const apiUrl = env.DASHBOARD_API_URL?.trim();
  if (apiUrl) config.apiUrl = apiUrl;
  const mapsKey = env.GOOGLE_MAPS_API_KEY?.trim();
  if (mapsKey) config.googleMapsApiKey = mapsKey;
  return config;
}

/** The script itself; `<` escaped so no value can close a script element. */
export const runtimeConfigScript = (config) =>
  `window.__STAY_CONFIG__ = ${JSON.stringify(config).replace(/</g, '\\u003c')};\n`;

/** Writes `config.js` from the environment into a build folder. */
export function writeRuntimeConfig(outDir, env = process.env) {
  const file = path.join(outDir, RUNTIME_CONFIG_FILE);
  fs.writeFileSync(file, runtimeConfigScript(runtimeConfig(env)));
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ?? 'dist';
  if (!fs.existsSync(path.join(outDir, 'index.html'))) {
    console.error(`${outDir} holds no build (index.html); run npm run build first`);
    process.exit(1);
  }
  console.log(`Wrote ${writeRuntimeConfig(outDir)}`);
}
