import type { Locale } from '../../src/schema/locales';
import { detail, errorFactory, isStringArray, postJson, type MakeError } from './http';
import type { FetchLike, SendTexts } from './types';

/** DeepL accepts at most 50 `text` entries per /v2/translate request. */
export const DEEPL_BATCH_SIZE = 50;

/**
 * DeepL codes: upper-case ISO 639-1. As a target, plain `EN` is deprecated in favour of a
 * variant; the guest apps serve European hotels, so British English.
 */
export const deeplLanguage = (locale: Locale, role: 'source' | 'target'): string =>
  locale === 'en' && role === 'target' ? 'EN-GB' : locale.toUpperCase();

function statusError(status: number, body: unknown, makeError: MakeError) {
  // DeepL explains some errors in `{ "message": "..." }` (e.g. "Wrong endpoint" for a Free key on Pro).
  const why = detail(body, 'message');
  if (status === 403) {
    return makeError(
      `DeepL rejected the API key (403${why}); check DEEPL_API_KEY and that DEEPL_API_URL ` +
        'matches it (Free keys end in ":fx" and use https://api-free.deepl.com)',
      status,
    );
  }
  if (status === 456) {
    return makeError(
      `DeepL quota exceeded (456): the account's character limit is reached`,
      status,
    );
  }
  if (status === 429) {
    return makeError(`DeepL received too many requests (429${why}); try again later`, status);
  }
  if (status >= 500) {
    return makeError(`DeepL is unavailable (${status}${why}); try again later`, status);
  }
  return makeError(`DeepL refused the request (${status}${why})`, status);
}

export function deeplSender(
  apiUrl: string,
  apiKey: string,
  timeoutMs: number,
  fetchImpl: FetchLike,
): SendTexts {
  const makeError = errorFactory('deepl', apiKey);
  const url = `${apiUrl}/v2/translate`;

  return async (texts, from, to, format) => {
    const translated: string[] = [];
    // One batch after the other: keeps the order simple and stays clear of DeepL's rate limit.
    for (let start = 0; start < texts.length; start += DEEPL_BATCH_SIZE) {
      const batch = texts.slice(start, start + DEEPL_BATCH_SIZE);
      const answer = await postJson(
        fetchImpl,
        'DeepL',
        makeError,
        url,
        {
          text: batch,
          source_lang: deeplLanguage(from, 'source'),
          target_lang: deeplLanguage(to, 'target'),
          // DeepL translates the text between the tags and keeps the markup; without this it
          // would treat the tags as words.
          ...(format === 'html' ? { tag_handling: 'html' } : {}),
        },
        timeoutMs,
        { Authorization: `DeepL-Auth-Key ${apiKey}` },
      );
      if (!answer.ok) throw statusError(answer.status, answer.body, makeError);
      const items = (answer.body as { translations?: unknown } | undefined)?.translations;
      const textsOut = Array.isArray(items)
        ? items.map((item) => (item as { text?: unknown } | null)?.text)
        : undefined;
      if (!isStringArray(textsOut, batch.length)) {
        throw makeError(
          `DeepL sent a malformed answer: expected ${batch.length} translations`,
          answer.status,
        );
      }
      translated.push(...textsOut);
    }
    return translated;
  };
}
