import { useTranslation } from 'react-i18next';
import type { AuditPerson } from '../../resources/audit';
import { formatDate } from '../../schema/format';

type Row = Record<string, unknown>;

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** When an entry was written, in the interface language. */
export function useEntryTime() {
  const { i18n } = useTranslation();
  return (entry: Row) => formatDate(new Date(String(entry.at)), i18n.language, DATE_TIME);
}

/** Where a declared action's words are: `resources.<resource>.actions.<name>`. */
const actionWords = (entry: Row) =>
  `resources.${String(entry.resource)}.actions.${String(entry.name)}`;

/** A declared action's label in the interface language (else its name); null for none. */
export function useEntryActionName() {
  const { t, i18n } = useTranslation();
  return (entry: Row) => {
    if (!entry.name) return null;
    const label = `${actionWords(entry)}.label`;
    return i18n.exists(label) ? t(label) : String(entry.name);
  };
}

/** What an entry did: its action's label, with a declared action's label (else its name). */
export function useEntryAction() {
  const { t } = useTranslation();
  const actionName = useEntryActionName();
  return (entry: Row) => {
    const action = t(`resources.audit.options.action.${String(entry.action)}`);
    const name = actionName(entry);
    return name === null ? action : `${action}: ${name}`;
  };
}

/** What `t` and `exists` of i18next this needs (a test passes its own instance). */
interface Words {
  t: (key: string | string[], options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

/**
 * What a declared action said it did (the entry's `details`), in words: the action's `logged`
 * sentence ("Hotel X's permission to connect Halo CRM itself was set to off"), else each value
 * by its label. A flag reads `<key>_true|false` of the action, else on/off. Null: no details.
 */
export function entryDetailsText(entry: Row, { t, exists }: Words): string | null {
  const details = entry.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return null;
  const pairs = Object.entries(details as Record<string, unknown>);
  if (pairs.length === 0) return null;
  const base = actionWords(entry);
  const values: Record<string, string> = {};
  for (const [key, value] of pairs) {
    values[key] =
      typeof value === 'boolean'
        ? t([`${base}.${key}_${String(value)}`, value ? 'audit.on' : 'audit.off'])
        : String(value ?? '');
  }
  if (exists(`${base}.logged`)) {
    // Nested (`{{details.app}}`): a detail's key never clashes with i18next's own options.
    return t(`${base}.logged`, { record: String(entry.recordLabel ?? ''), details: values });
  }
  const labelled = pairs
    .filter(([key]) => exists(`${base}.${key}`))
    .map(([key]) => `${t(`${base}.${key}`)}: ${values[key]}`);
  return labelled.length > 0 ? labelled.join('; ') : null;
}

/** entryDetailsText in the interface language. */
export function useEntryDetails() {
  const { t, i18n } = useTranslation();
  const words: Words = { t: (key, options) => t(key, options), exists: (key) => i18n.exists(key) };
  return (entry: Row) => entryDetailsText(entry, words);
}

/**
 * Who acted, and behind whom: "Eva de Vries (Sophie Laurent → Daniel Brooks → Eva de Vries)"
 * for a session a login-as made; a guest or a failed sign-in names nobody.
 */
export function useEntryActor() {
  const { t } = useTranslation();
  return (entry: Row) => {
    const chain = Array.isArray(entry.chain) ? (entry.chain as AuditPerson[]) : [];
    const actor = String(entry.actorName || '') || t('audit.nobody');
    if (!entry.behindName || chain.length < 2) return actor;
    return t('audit.behind', {
      actor,
      chain: chain.map((person) => person.name).join(' → '),
    });
  };
}
