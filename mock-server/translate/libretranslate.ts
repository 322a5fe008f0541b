import { detail, errorFactory, isStringArray, postJson } from './http';
import type { FetchLike, SendTexts } from './types';

export function libretranslateSender(
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs: number,
  fetchImpl: FetchLike,
): SendTexts {
  const makeError = errorFactory('libretranslate', apiKey);
  const url = `${baseUrl}/translate`;

  return async (texts, from, to, format) => {
    // LibreTranslate's codes are our locales; `q` as an array gets `translatedText` as an array.
    const answer = await postJson(
      fetchImpl,
      'LibreTranslate',
      makeError,
      url,
      {
        q: texts,
        source: from,
        target: to,
        // 'html' translates the text between the tags and keeps the markup.
        format,
        ...(apiKey ? { api_key: apiKey } : {}),
      },
      timeoutMs,
    );
    if (!answer.ok) {
      // Every LibreTranslate error (400 invalid, 403 banned or bad key, 429, 500) has `{ error }`.
      const hint = answer.status === 403 ? '; check LIBRETRANSLATE_API_KEY' : '';
      throw makeError(
        `LibreTranslate refused the request (${answer.status}${detail(answer.body, 'error')})${hint}`,
        answer.status,
      );
    }
    const translated = (answer.body as { translatedText?: unknown } | undefined)?.translatedText;
    if (!isStringArray(translated, texts.length)) {
      throw makeError(
        `LibreTranslate sent a malformed answer: expected ${texts.length} translations`,
        answer.status,
      );
    }
    return translated;
  };
}
