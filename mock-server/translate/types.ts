import type { Locale } from '../../src/schema/locales';

export const TRANSLATOR_NAMES = ['none', 'deepl', 'libretranslate'] as const;
export type TranslatorName = (typeof TRANSLATOR_NAMES)[number];

export interface Translator {
  readonly name: TranslatorName;
  /** Whether texts come back translated (false for 'none', which copies them). */
  readonly translates: boolean;
  /** Translates texts from one locale to another, in order; rejects with TranslationError. */
  translate(texts: string[], from: Locale, to: Locale): Promise<string[]>;
}

/** The translation part of the server's environment, parsed once by loadTranslatorConfig. */
export interface TranslatorConfig {
  translator: TranslatorName;
  deeplApiKey?: string;
  /** Base address without trailing slash; Free and Pro accounts use different hosts. */
  deeplApiUrl: string;
  /** Base address without trailing slash. */
  libretranslateUrl?: string;
  libretranslateApiKey?: string;
  /** Limit for each HTTP request to the provider. */
  timeoutMs: number;
}

/** Any failure of a provider; the message is safe to show (it never contains an API key). */
export class TranslationError extends Error {
  constructor(
    readonly provider: TranslatorName,
    message: string,
    /** HTTP status of the provider's answer, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TranslationError';
  }
}

/** What a provider implements: texts are non-empty, non-blank, and from !== to. */
export type SendTexts = (texts: string[], from: Locale, to: Locale) => Promise<string[]>;

export type FetchLike = typeof fetch;
