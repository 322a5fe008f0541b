import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTranslator,
  loadTranslatorConfig,
  TranslationError,
  type TranslatorConfig,
} from '../../mock-server/translate';
import { resources } from '../../src/resources';
import { owner } from '../../src/schema/access';
import { richText, text } from '../../src/schema/fields';
import { defineResource } from '../../src/schema/resource';
import { AMSTERDAM, startServer, type TestServer } from './helpers';

// Real HTTP servers on 127.0.0.1 that speak each provider's protocol, reached with the real fetch.

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}
type Reply = { status: number; json?: unknown; raw?: string } | 'hang';
interface Fake {
  url: string;
  requests: Seen[];
}

const running: http.Server[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function startFake(reply: (request: Seen) => Reply): Promise<Fake> {
  const requests: Seen[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => {
      let body: unknown = data;
      try {
        body = JSON.parse(data);
      } catch {
        // Not JSON: keep the raw text so the protocol check refuses it.
      }
      const seen: Seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
      };
      requests.push(seen);
      const answer = reply(seen);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.raw ?? JSON.stringify(answer.json));
    });
  });
  running.push(server);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const DEEPL_KEY = 'secret-deepl-key:fx';
const LIBRE_KEY = 'secret-libre-key';

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * What a provider does with HTML: translates the text between the tags (here: `[de] ` before
 * each piece of text) and leaves the tags alone. Plain text gets one prefix, tags and all.
 */
const translateHtml = (html: string, target: string) =>
  html.replace(/(^|>)([^<]+)/g, (_match, open: string, words: string) =>
    words.trim() ? `${open}[${target}] ${words}` : `${open}${words}`,
  );

/** DeepL /v2/translate as documented: answers `[de] text` for target DE. */
const deeplProtocol = (request: Seen): Reply => {
  if (request.method !== 'POST' || request.path !== '/v2/translate') {
    return { status: 404, json: { message: 'Not found' } };
  }
  if (request.headers.authorization !== `DeepL-Auth-Key ${DEEPL_KEY}`) {
    return { status: 403, json: { message: 'Forbidden' } };
  }
  const body = request.body as {
    text?: unknown;
    source_lang?: unknown;
    target_lang?: unknown;
    tag_handling?: unknown;
  };
  if (
    !request.headers['content-type']?.startsWith('application/json') ||
    !isStrings(body.text) ||
    ![undefined, 'html', 'xml'].includes(body.tag_handling as string | undefined) ||
    body.text.length < 1 ||
    body.text.length > 50 ||
    !['EN', 'NL', 'DE', 'FR', 'ES'].includes(String(body.source_lang)) ||
    // Plain EN is deprecated as a target; the provider must choose a variant.
    !['EN-GB', 'NL', 'DE', 'FR', 'ES'].includes(String(body.target_lang))
  ) {
    return { status: 400, json: { message: 'Bad request' } };
  }
  const target = String(body.target_lang).toLowerCase();
  return {
    status: 200,
    json: {
      translations: body.text.map((text) => ({
        detected_source_language: body.source_lang,
        text: body.tag_handling === 'html' ? translateHtml(text, target) : `[${target}] ${text}`,
      })),
    },
  };
};

/** LibreTranslate /translate as documented, with an API key when `key` is given. */
const libreProtocol =
  (key?: string) =>
  (request: Seen): Reply => {
    if (request.method !== 'POST' || request.path !== '/translate') {
      return { status: 404, json: { error: 'Not Found' } };
    }
    const body = request.body as Record<string, unknown>;
    if (key !== undefined && body.api_key !== key) {
      return { status: 403, json: { error: 'Invalid API key' } };
    }
    if (!isStrings(body.q)) return { status: 400, json: { error: 'Invalid request: missing q' } };
    if (
      (body.format !== 'text' && body.format !== 'html') ||
      typeof body.source !== 'string' ||
      typeof body.target !== 'string'
    ) {
      return { status: 400, json: { error: 'Invalid request' } };
    }
    const target = body.target;
    return {
      status: 200,
      json: {
        translatedText: body.q.map((text) =>
          body.format === 'html' ? translateHtml(text, target) : `[${target}] ${text}`,
        ),
      },
    };
  };

const config = (overrides: Partial<TranslatorConfig>): TranslatorConfig => ({
  translator: 'none',
  deeplApiUrl: 'https://api-free.deepl.invalid',
  timeoutMs: 5000,
  ...overrides,
});

const deepl = (url: string, overrides: Partial<TranslatorConfig> = {}) =>
  createTranslator(
    config({ translator: 'deepl', deeplApiKey: DEEPL_KEY, deeplApiUrl: url, ...overrides }),
  );

const libre = (url: string, overrides: Partial<TranslatorConfig> = {}) =>
  createTranslator(config({ translator: 'libretranslate', libretranslateUrl: url, ...overrides }));

/** The rejection of a promise that must reject with a TranslationError. */
async function failure(promise: Promise<unknown>): Promise<TranslationError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TranslationError);
  return error as TranslationError;
}

describe('DeepL', () => {
  it('sends the documented request and returns the translations in order', async () => {
    const fake = await startFake(deeplProtocol);
    // Built from the environment, as the server will do it.
    const translator = createTranslator(
      loadTranslatorConfig({
        TRANSLATOR: 'deepl',
        DEEPL_API_KEY: DEEPL_KEY,
        DEEPL_API_URL: `${fake.url}/`,
      }),
    );
    expect(translator.name).toBe('deepl');
    expect(translator.translates).toBe(true);

    expect(await translator.translate(['Zwembad', 'Sauna'], 'nl', 'de')).toEqual([
      '[de] Zwembad',
      '[de] Sauna',
    ]);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/translate');
    expect(request.headers.authorization).toBe(`DeepL-Auth-Key ${DEEPL_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      text: ['Zwembad', 'Sauna'],
      source_lang: 'NL',
      target_lang: 'DE',
    });
  });

  it('translates into British English (EN-GB) and from EN', async () => {
    const fake = await startFake(deeplProtocol);
    const translator = deepl(fake.url);
    expect(await translator.translate(['Piscine'], 'fr', 'en')).toEqual(['[en-gb] Piscine']);
    expect(await translator.translate(['Pool'], 'en', 'es')).toEqual(['[es] Pool']);
    expect(fake.requests.map((request) => request.body)).toEqual([
      { text: ['Piscine'], source_lang: 'FR', target_lang: 'EN-GB' },
      { text: ['Pool'], source_lang: 'EN', target_lang: 'ES' },
    ]);
  });

  it('sends more than 50 texts in batches of 50 and keeps their order', async () => {
    const fake = await startFake(deeplProtocol);
    const texts = Array.from({ length: 120 }, (_, i) => `text ${i}`);
    expect(await deepl(fake.url).translate(texts, 'en', 'nl')).toEqual(
      texts.map((text) => `[nl] ${text}`),
    );
    expect(fake.requests.map((request) => (request.body as { text: string[] }).text)).toEqual([
      texts.slice(0, 50),
      texts.slice(50, 100),
      texts.slice(100),
    ]);
  });

  it('sends nothing for no texts, the same locale, or blank texts only', async () => {
    const fake = await startFake(deeplProtocol);
    const translator = deepl(fake.url);
    expect(await translator.translate([], 'nl', 'de')).toEqual([]);
    expect(await translator.translate(['Zwembad'], 'nl', 'nl')).toEqual(['Zwembad']);
    expect(await translator.translate(['', '  '], 'nl', 'de')).toEqual(['', '  ']);
    expect(fake.requests).toHaveLength(0);

    // Blank texts keep their place between translated ones.
    expect(await translator.translate(['Zwembad', '', 'Sauna'], 'nl', 'de')).toEqual([
      '[de] Zwembad',
      '',
      '[de] Sauna',
    ]);
    expect((fake.requests[0].body as { text: string[] }).text).toEqual(['Zwembad', 'Sauna']);
  });

  it('sends HTML with tag_handling=html and gets the markup back', async () => {
    const fake = await startFake(deeplProtocol);
    const html = '<h2>Zwembad</h2><p>Open <strong>elke dag</strong></p>';
    expect(await deepl(fake.url).translate([html], 'nl', 'de', { format: 'html' })).toEqual([
      '<h2>[de] Zwembad</h2><p>[de] Open <strong>[de] elke dag</strong></p>',
    ]);
    expect(await deepl(fake.url).translate(['Zwembad'], 'nl', 'de', { format: 'text' })).toEqual([
      '[de] Zwembad',
    ]);
    expect(fake.requests.map((request) => request.body)).toEqual([
      { text: [html], source_lang: 'NL', target_lang: 'DE', tag_handling: 'html' },
      { text: ['Zwembad'], source_lang: 'NL', target_lang: 'DE' },
    ]);
  });

  it.each([
    [403, /DeepL rejected the API key \(403.*DEEPL_API_KEY/],
    [456, /DeepL quota exceeded \(456\)/],
    [429, /DeepL received too many requests \(429/],
    [500, /DeepL is unavailable \(500/],
    [503, /DeepL is unavailable \(503/],
  ])('rejects a %i answer with a clear message', async (status, message) => {
    // The server echoes the key to prove messages never carry it.
    const fake = await startFake(() => ({ status, json: { message: `Key ${DEEPL_KEY} refused` } }));
    const error = await failure(deepl(fake.url).translate(['Zwembad'], 'nl', 'de'));
    expect(error.provider).toBe('deepl');
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(DEEPL_KEY);
  });

  it('rejects a wrong key, as the protocol server judges it', async () => {
    const fake = await startFake(deeplProtocol);
    const error = await failure(
      deepl(fake.url, { deeplApiKey: 'wrong-key' }).translate(['Zwembad'], 'nl', 'de'),
    );
    expect(error.status).toBe(403);
    expect(error.message).not.toContain('wrong-key');
  });

  it.each([
    ['no translations', { raw: '{"message":"ok"}' }],
    ['too few translations', { json: { translations: [{ text: 'one' }] } }],
    ['a translation without text', { json: { translations: [{ text: 'a' }, { x: 1 }] } }],
    ['a body that is not JSON', { raw: '<html>proxy</html>' }],
  ])('rejects a malformed answer: %s', async (_name, answer) => {
    const fake = await startFake(() => ({ status: 200, ...answer }));
    const error = await failure(deepl(fake.url).translate(['a', 'b'], 'nl', 'de'));
    expect(error.message).toMatch(/DeepL sent a malformed answer: expected 2 translations/);
  });

  it('returns nothing half-done when a later batch fails', async () => {
    const fake = await startFake((request) =>
      fake.requests.length < 3 ? deeplProtocol(request) : { status: 500, json: {} },
    );
    const texts = Array.from({ length: 120 }, (_, i) => `text ${i}`);
    const error = await failure(deepl(fake.url).translate(texts, 'en', 'nl'));
    expect(error.status).toBe(500);
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after timeoutMs when DeepL does not answer', async () => {
    const fake = await startFake(() => 'hang');
    const started = Date.now();
    const error = await failure(
      deepl(fake.url, { timeoutMs: 200 }).translate(['Zwembad'], 'nl', 'de'),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error.message).toBe(`DeepL did not answer within 200 ms (${fake.url}/v2/translate)`);
    expect(error.status).toBeUndefined();
  });

  it('rejects when DeepL cannot be reached', async () => {
    // A port that was just free: nothing listens there any more.
    const server = http.createServer();
    server.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const error = await failure(
      deepl(`http://127.0.0.1:${port}`).translate(['Zwembad'], 'nl', 'de'),
    );
    expect(error.message).toMatch(/^DeepL could not be reached at .*: .*ECONNREFUSED/);
    expect(error.message).not.toContain(DEEPL_KEY);
  });
});

describe('LibreTranslate', () => {
  it('sends the documented request with the API key and returns the translations', async () => {
    const fake = await startFake(libreProtocol(LIBRE_KEY));
    const translator = createTranslator(
      loadTranslatorConfig({
        TRANSLATOR: 'libretranslate',
        LIBRETRANSLATE_URL: fake.url,
        LIBRETRANSLATE_API_KEY: LIBRE_KEY,
      }),
    );
    expect(translator.name).toBe('libretranslate');
    expect(translator.translates).toBe(true);

    expect(await translator.translate(['Zwembad', 'Sauna'], 'nl', 'de')).toEqual([
      '[de] Zwembad',
      '[de] Sauna',
    ]);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/translate');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      q: ['Zwembad', 'Sauna'],
      source: 'nl',
      target: 'de',
      format: 'text',
      api_key: LIBRE_KEY,
    });
  });

  it('sends no api_key when none is configured, and English as plain en', async () => {
    const fake = await startFake(libreProtocol());
    expect(await libre(fake.url).translate(['Zwembad'], 'nl', 'en')).toEqual(['[en] Zwembad']);
    expect(fake.requests[0].body).toEqual({
      q: ['Zwembad'],
      source: 'nl',
      target: 'en',
      format: 'text',
    });
  });

  it('sends HTML with format html and gets the markup back', async () => {
    const fake = await startFake(libreProtocol());
    const html = '<p>Open <a href="https://example.com">elke dag</a></p>';
    expect(await libre(fake.url).translate([html], 'nl', 'en', { format: 'html' })).toEqual([
      '<p>[en] Open <a href="https://example.com">[en] elke dag</a></p>',
    ]);
    expect(fake.requests[0].body).toEqual({
      q: [html],
      source: 'nl',
      target: 'en',
      format: 'html',
    });
  });

  it('sends nothing for no texts or the same locale', async () => {
    const fake = await startFake(libreProtocol());
    expect(await libre(fake.url).translate([], 'nl', 'de')).toEqual([]);
    expect(await libre(fake.url).translate(['Sauna'], 'de', 'de')).toEqual(['Sauna']);
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects a 400 with the text of its { error }', async () => {
    const fake = await startFake(() => ({
      status: 400,
      json: { error: 'es is not supported' },
    }));
    const error = await failure(libre(fake.url).translate(['Zwembad'], 'nl', 'es'));
    expect(error.provider).toBe('libretranslate');
    expect(error.status).toBe(400);
    expect(error.message).toBe('LibreTranslate refused the request (400: es is not supported)');
  });

  it('rejects a wrong API key without repeating it', async () => {
    const fake = await startFake((request) => ({
      status: 403,
      json: { error: `Invalid API key ${(request.body as { api_key: string }).api_key}` },
    }));
    const error = await failure(
      libre(fake.url, { libretranslateApiKey: LIBRE_KEY }).translate(['Zwembad'], 'nl', 'de'),
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      'LibreTranslate refused the request (403: Invalid API key [redacted]); ' +
        'check LIBRETRANSLATE_API_KEY',
    );
  });

  it.each([
    ['a string instead of an array', { translatedText: '[de] Zwembad' }],
    ['too few translations', { translatedText: ['[de] Zwembad'] }],
    ['no translatedText', { detectedLanguage: { language: 'nl' } }],
  ])('rejects a malformed answer: %s', async (_name, json) => {
    const fake = await startFake(() => ({ status: 200, json }));
    const error = await failure(libre(fake.url).translate(['Zwembad', 'Sauna'], 'nl', 'de'));
    expect(error.message).toBe('LibreTranslate sent a malformed answer: expected 2 translations');
  });

  it('gives up after timeoutMs when LibreTranslate does not answer', async () => {
    const fake = await startFake(() => 'hang');
    const error = await failure(
      libre(fake.url, { timeoutMs: 150 }).translate(['Zwembad'], 'nl', 'de'),
    );
    expect(error.message).toBe(
      `LibreTranslate did not answer within 150 ms (${fake.url}/translate)`,
    );
  });
});

describe('none', () => {
  it('copies the texts and says it does not translate', async () => {
    const translator = createTranslator(loadTranslatorConfig({}));
    expect(translator.name).toBe('none');
    expect(translator.translates).toBe(false);
    const texts = ['Zwembad', '', 'Sauna'];
    const copied = await translator.translate(texts, 'nl', 'de');
    expect(copied).toEqual(texts);
    // A copy, so the caller can change one without the other.
    expect(copied).not.toBe(texts);
    expect(await translator.translate([], 'nl', 'de')).toEqual([]);
  });
});

describe('loadTranslatorConfig', () => {
  it('defaults to none, the DeepL Free API and 15 s', () => {
    expect(loadTranslatorConfig({})).toEqual({
      translator: 'none',
      deeplApiKey: undefined,
      deeplApiUrl: 'https://api-free.deepl.com',
      libretranslateUrl: undefined,
      libretranslateApiKey: undefined,
      timeoutMs: 15000,
    });
    expect(loadTranslatorConfig({ TRANSLATOR: ' ', TRANSLATE_TIMEOUT_MS: '' }).translator).toBe(
      'none',
    );
  });

  it('reads every variable, trimming values and trailing slashes', () => {
    expect(
      loadTranslatorConfig({
        TRANSLATOR: ' DeepL ',
        DEEPL_API_KEY: ' key ',
        DEEPL_API_URL: 'https://api.deepl.com/',
        LIBRETRANSLATE_URL: 'http://localhost:5000/lt//',
        LIBRETRANSLATE_API_KEY: 'lt-key',
        TRANSLATE_TIMEOUT_MS: '2500',
      }),
    ).toEqual({
      translator: 'deepl',
      deeplApiKey: 'key',
      deeplApiUrl: 'https://api.deepl.com',
      libretranslateUrl: 'http://localhost:5000/lt',
      libretranslateApiKey: 'lt-key',
      timeoutMs: 2500,
    });
  });

  it.each([
    [
      { TRANSLATOR: 'google' },
      'TRANSLATOR must be one of none, deepl, libretranslate, got "google"',
    ],
    [{ TRANSLATOR: 'deepl' }, 'DEEPL_API_KEY is required when TRANSLATOR=deepl'],
    [
      { TRANSLATOR: 'deepl', DEEPL_API_KEY: '  ' },
      'DEEPL_API_KEY is required when TRANSLATOR=deepl',
    ],
    [
      { TRANSLATOR: 'libretranslate' },
      'LIBRETRANSLATE_URL is required when TRANSLATOR=libretranslate',
    ],
    [
      { TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: 'localhost:5000' },
      'LIBRETRANSLATE_URL must be an http(s) URL, got "localhost:5000"',
    ],
    [{ DEEPL_API_URL: 'not a url' }, 'DEEPL_API_URL must be an http(s) URL, got "not a url"'],
    [
      { TRANSLATE_TIMEOUT_MS: '1.5s' },
      'TRANSLATE_TIMEOUT_MS must be an integer between 1 and 600000, got "1.5s"',
    ],
    [
      { TRANSLATE_TIMEOUT_MS: '0' },
      'TRANSLATE_TIMEOUT_MS must be an integer between 1 and 600000, got "0"',
    ],
  ])('refuses %o at startup', (env, message) => {
    expect(() => loadTranslatorConfig(env)).toThrow(message);
  });

  it('refuses to build a provider without its key or address', () => {
    expect(() => createTranslator(config({ translator: 'deepl' }))).toThrow(/DEEPL_API_KEY/);
    expect(() => createTranslator(config({ translator: 'libretranslate' }))).toThrow(
      /LIBRETRANSLATE_URL/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Sync of a declaration with a rich text field: the provider is asked for HTML where the field is
// richText and for text elsewhere, and the copies keep their markup.

const pages = defineResource({
  name: 'rich-pages',
  route: 'rich-pages',
  owned: true,
  localized: true,
  access: owner(),
  labelField: 'title',
  fields: {
    title: text({ required: true, translatable: true }),
    body: richText({ translatable: true }),
    note: text({ translatable: true }),
  },
});

describe.each([
  {
    provider: 'deepl',
    protocol: deeplProtocol,
    env: (url: string) => ({ TRANSLATOR: 'deepl', DEEPL_API_KEY: DEEPL_KEY, DEEPL_API_URL: url }),
    /** Whether a request asks for HTML, and its texts. */
    read: (body: unknown) => {
      const { text: texts, tag_handling } = body as { text: string[]; tag_handling?: string };
      return { html: tag_handling === 'html', texts, flagged: tag_handling !== undefined };
    },
    answer: (texts: string[]) => ({
      status: 200,
      json: { translations: texts.map((text) => ({ text })) },
    }),
  },
  {
    provider: 'libretranslate',
    protocol: libreProtocol(),
    env: (url: string) => ({ TRANSLATOR: 'libretranslate', LIBRETRANSLATE_URL: url }),
    read: (body: unknown) => {
      const { q, format } = body as { q: string[]; format: string };
      return { html: format === 'html', texts: q, flagged: format !== 'text' };
    },
    answer: (texts: string[]) => ({ status: 200, json: { translatedText: texts } }),
  },
])('Sync of rich text with TRANSLATOR=$provider', ({ protocol, env, read, answer }) => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  const body = '<h2>Ontbijt</h2><p>Elke dag vanaf <strong>7 uur</strong></p>';

  async function syncAmsterdam(reply: (request: Seen) => Reply) {
    const fake = await startFake(reply);
    const server = await startServer({ resources: [...resources, pages], env: env(fake.url) });
    servers.push(server);
    const token = await server.login(AMSTERDAM);
    const created = await server.send('POST', '/rich-pages', token, {
      title: 'Ontbijt',
      body,
      note: 'Op het terras',
      locale: 'nl',
    });
    expect(created.status).toBe(201);
    const synced = await server.send('POST', '/rich-pages/sync', token, { locale: 'nl' });
    expect(synced.status).toBe(200);
    const { groupId } = created.body as { groupId: string };
    const copy = async (locale: string) =>
      (await server.data.find('rich-pages', { groupId, locale }))[0];
    return { fake, copy };
  }

  it('asks for HTML for the richText field only, and keeps its markup', async () => {
    const { fake, copy } = await syncAmsterdam(protocol);
    // Amsterdam has nl, en and de: per target language one text request and one HTML request.
    const requests = fake.requests.map((request) => read(request.body));
    expect(requests).toHaveLength(4);
    const htmlRequests = requests.filter((request) => request.html);
    const textRequests = requests.filter((request) => !request.flagged);
    expect(htmlRequests.map((request) => request.texts)).toEqual([[body], [body]]);
    expect(textRequests.map((request) => request.texts)).toEqual([
      ['Ontbijt', 'Op het terras'],
      ['Ontbijt', 'Op het terras'],
    ]);

    const german = await copy('de');
    expect(german?.title).toBe('[de] Ontbijt');
    expect(german?.note).toBe('[de] Op het terras');
    expect(german?.body).toBe(
      '<h2>[de] Ontbijt</h2><p>[de] Elke dag vanaf <strong>[de] 7 uur</strong></p>',
    );
    expect((await copy('en'))?.body).toMatch(/^<h2>\[en(-gb)?\] Ontbijt<\/h2><p>/);
  });

  it('sanitises the HTML the provider sends back before storing it', async () => {
    const { copy } = await syncAmsterdam((request) => {
      const { html, texts } = read(request.body);
      return answer(
        texts.map((text) =>
          html ? `${text}<script>alert(1)</script><img src=x onerror=alert(1)>` : `${text}!`,
        ),
      );
    });
    const german = await copy('de');
    expect(german?.body).toBe(body);
    expect(german?.title).toBe('Ontbijt!');
  });
});
