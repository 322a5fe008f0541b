import type { Locale } from '../../src/schema/locales';

export const TRANSLATOR_NAMES = ['none', 'deepl', 'libretranslate'] as const;
export type TranslatorName = (typeof TRANSLATOR_NAMES)[number];

/** What the texts are: plain text, or HTML whose markup must come back as it went (rich text). */
export type TextFormat = 'text' | 'html';

export interface TranslateOptions {
  /** 'text' when unset. */
  format?: TextFormat;
}

export interface Translator {
  readonly name: TranslatorName;
  /** Whether texts come back translated (false for 'none', which copies them). */
  readonly translates: boolean;
  /**
   * Translates texts from one locale to another, in order; rejects with TranslationError. HTML
   * comes back as the provider wrote it: whoever stores it sanitises it.
   */
  translate(
    texts: string[],
    from: Locale,
    to: Locale,
    options?: TranslateOptions,
  ): Promise<string[]>;
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
export type SendTexts = (
  texts: string[],
  from: Locale,
  to: Locale,
  format: TextFormat,
) => Promise<string[]>;

export type FetchLike = typeof fetch;
