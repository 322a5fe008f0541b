import { deeplSender } from './deepl';
import { libretranslateSender } from './libretranslate';
import {
  TRANSLATOR_NAMES,
  type FetchLike,
  type SendTexts,
  type Translator,
  type TranslatorConfig,
  type TranslatorName,
} from './types';

export { TranslationError } from './types';
export type {
  TextFormat,
  TranslateOptions,
  Translator,
  TranslatorConfig,
  TranslatorName,
} from './types';

export const DEFAULT_DEEPL_API_URL = 'https://api-free.deepl.com';
export const DEFAULT_TRANSLATE_TIMEOUT_MS = 15000;

type Env = Record<string, string | undefined>;

const optional = (env: Env, name: string): string | undefined => env[name]?.trim() || undefined;

/** An http(s) base address without trailing slash, so paths can be appended as `${url}/path`. */
function baseUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** Reads TRANSLATOR and its settings; throws at startup rather than failing on the first Sync. */
export function loadTranslatorConfig(env: Env): TranslatorConfig {
  const name = (optional(env, 'TRANSLATOR') ?? 'none').toLowerCase();
  if (!(TRANSLATOR_NAMES as readonly string[]).includes(name)) {
    throw new Error(
      `TRANSLATOR must be one of ${TRANSLATOR_NAMES.join(', ')}, got "${env.TRANSLATOR}"`,
    );
  }
  const translator = name as TranslatorName;

  const rawTimeout = optional(env, 'TRANSLATE_TIMEOUT_MS');
  const timeoutMs = rawTimeout === undefined ? DEFAULT_TRANSLATE_TIMEOUT_MS : Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 600000) {
    throw new Error(
      `TRANSLATE_TIMEOUT_MS must be an integer between 1 and 600000, got "${rawTimeout}"`,
    );
  }

  const deeplApiKey = optional(env, 'DEEPL_API_KEY');
  if (translator === 'deepl' && !deeplApiKey) {
    throw new Error('DEEPL_API_KEY is required when TRANSLATOR=deepl');
  }
  const rawLibreUrl = optional(env, 'LIBRETRANSLATE_URL');
  if (translator === 'libretranslate' && !rawLibreUrl) {
    throw new Error('LIBRETRANSLATE_URL is required when TRANSLATOR=libretranslate');
  }

  return {
    translator,
    deeplApiKey,
    deeplApiUrl: baseUrl('DEEPL_API_URL', optional(env, 'DEEPL_API_URL') ?? DEFAULT_DEEPL_API_URL),
    libretranslateUrl: rawLibreUrl && baseUrl('LIBRETRANSLATE_URL', rawLibreUrl),
    libretranslateApiKey: optional(env, 'LIBRETRANSLATE_API_KEY'),
    timeoutMs,
  };
}

function sender(config: TranslatorConfig, fetchImpl: FetchLike): SendTexts | undefined {
  switch (config.translator) {
    case 'none':
      return undefined;
    case 'deepl':
      if (!config.deeplApiKey) throw new Error('DeepL needs an API key (DEEPL_API_KEY)');
      return deeplSender(config.deeplApiUrl, config.deeplApiKey, config.timeoutMs, fetchImpl);
    case 'libretranslate':
      if (!config.libretranslateUrl) {
        throw new Error('LibreTranslate needs an address (LIBRETRANSLATE_URL)');
      }
      return libretranslateSender(
        config.libretranslateUrl,
        config.libretranslateApiKey,
        config.timeoutMs,
        fetchImpl,
      );
  }
}

/** The configured provider; fetchImpl is only for injection (defaults to the global fetch). */
export function createTranslator(
  config: TranslatorConfig,
  fetchImpl: FetchLike = fetch,
): Translator {
  const send = sender(config, fetchImpl);
  return {
    name: config.translator,
    translates: send !== undefined,
    async translate(texts, from, to, { format = 'text' } = {}) {
      const result = [...texts];
      if (!send || from === to) return result;
      // Blank texts (an empty optional description) stay as they are: nothing to translate, and
      // not sending them spares the quota and the providers' "empty text" errors.
      const positions = texts.flatMap((text, index) => (text.trim() ? [index] : []));
      if (positions.length === 0) return result;
      const translated = await send(
        positions.map((index) => texts[index]),
        from,
        to,
        format,
      );
      positions.forEach((position, i) => {
        result[position] = translated[i];
      });
      return result;
    },
  };
}
