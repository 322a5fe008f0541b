import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import nl from '../../src/i18n/locales/nl.json';
import { ANSWER_MESSAGES, type AnswerMessages } from '../../src/resources/formAnswers';
import { isLocale } from '../../src/schema/locales';

/**
 * What guests read in a form's own language (its `locale`): the messages about their answers and
 * the submit button of the Form.io shape, from the dashboard's catalogues (`formAnswers.messages`,
 * `forms.submit`).
 */
const CATALOGUES = { en, nl, de, fr, es };

const catalogue = (locale: unknown) => CATALOGUES[isLocale(locale) ? locale : 'en'];

/** The messages about answers in a form's language (English where a key is missing). */
export function answerMessages(locale: unknown): AnswerMessages {
  return { ...ANSWER_MESSAGES, ...catalogue(locale).formAnswers.messages };
}

/** The Form.io shape's submit button in the form's language (the builder preview's too). */
export const submitLabel = (locale: unknown): string => catalogue(locale).forms.submit;
