/**
 * Validation messages travel as i18n keys, optionally with parameters: `validation.tooLong|{"max":80}`.
 * The dashboard translates them in the user's language; the API answers them in English from
 * the same catalogue. The field's label is added where the message is shown.
 */
export type MessageParams = Record<string, string | number>;

export const message = (key: string, params?: MessageParams): string =>
  params ? `${key}|${JSON.stringify(params)}` : key;

export function parseMessage(text: string): { key: string; params: MessageParams } {
  const bar = text.indexOf('|');
  if (bar < 0) return { key: text, params: {} };
  try {
    return { key: text.slice(0, bar), params: JSON.parse(text.slice(bar + 1)) as MessageParams };
  } catch {
    return { key: text, params: {} };
  }
}
