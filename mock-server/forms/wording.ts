import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import nl from '../../src/i18n/locales/nl.json';
import { isLocale } from '../../src/schema/locales';

/**
 * What guests read in a form's own language (its `locale`) besides the API's errors (which
 * http/wording.ts words): the submit button of the Form.io shape, from the dashboard's catalogue.
 */
const CATALOGUES = { en, nl, de, fr, es };

const catalogue = (locale: unknown) => CATALOGUES[isLocale(locale) ? locale : 'en'];

/** The Form.io shape's submit button in the form's language (the builder preview's too). */
export const submitLabel = (locale: unknown): string => catalogue(locale).forms.submit;
