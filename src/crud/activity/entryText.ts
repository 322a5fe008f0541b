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

/** What an entry did: its action's label, with a declared action's name. */
export function useEntryAction() {
  const { t } = useTranslation();
  return (entry: Row) => {
    const action = t(`resources.audit.options.action.${String(entry.action)}`);
    return entry.name ? `${action}: ${String(entry.name)}` : action;
  };
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
