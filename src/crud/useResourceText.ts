import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMessage } from '../schema/messages';
import { ENGINE_FIELDS, type Resource } from '../schema/resource';

/** Field name of the synthetic owner column/picker that owned resources get for administrators. */
export const OWNER_FIELD = 'ownerId';

/**
 * Texts of a resource from i18n keys derived from its declaration:
 * `resources.<name>.{title,singular,fields.<field>,options.<field>.<value>}`; engine fields
 * fall back to `crud.<field>`.
 */
export function useResourceText(resource: Resource) {
  const { t, i18n } = useTranslation();
  const base = `resources.${resource.name}`;
  const fieldLabel = useCallback(
    (field: string) => {
      if (field === OWNER_FIELD) return t('crud.owner');
      if (field === 'createdAt' || field === 'updatedAt' || field === 'id')
        return t(`crud.${field}`);
      const own = `${base}.fields.${field}`;
      // Engine fields (locale, position) are labelled by `crud.*` unless the resource says otherwise.
      if (ENGINE_FIELDS.includes(field) && !i18n.exists(own)) return t(`crud.${field}`);
      // A group (a page's styling) is named by its section title.
      const group = `${base}.groups.${field}`;
      if (!i18n.exists(own) && i18n.exists(group)) return t(group);
      return t(own);
    },
    [base, i18n, t],
  );
  const optionLabel = useCallback(
    (field: string, value: string) => {
      const key = `${base}.options.${field}.${value}`;
      return i18n.exists(key) ? t(key) : value;
    },
    [base, i18n, t],
  );
  /** A validation message (an i18n key, maybe with parameters) about a field, in words. */
  const errorText = useCallback(
    (field: string, text: string) => {
      const { key, params } = parseMessage(text);
      return i18n.exists(key) ? t(key, { field: fieldLabel(field), ...params }) : text;
    },
    [fieldLabel, i18n, t],
  );
  /** A line under a field's input that helps to fill it in, if the resource has one: `hints.<field>`. */
  const fieldHint = useCallback(
    (field: string): string | undefined => {
      const key = `${base}.hints.${field}`;
      return i18n.exists(key) ? t(key) : undefined;
    },
    [base, i18n, t],
  );
  /** A group's section title: `resources.<name>.groups.<group>`. */
  const groupLabel = useCallback((group: string) => t(`${base}.groups.${group}`), [base, t]);
  /** A tab's or a step's title: `resources.<name>.<tabs|steps>.<key>`, else `crud.<kind>.<key>`. */
  const sectionLabel = useCallback(
    (kind: 'tabs' | 'steps', key: string) => {
      const own = `${base}.${kind}.${key}`;
      return i18n.exists(own) ? t(own) : t(`crud.${kind}.${key}`);
    },
    [base, i18n, t],
  );
  // One object per language: memoized fields and cells that take it render again only when the
  // texts change, not with every render of the page.
  const language = i18n.language;
  return useMemo(
    () => ({
      t,
      groupLabel,
      sectionLabel,
      title: t(`${base}.title`),
      singular: t(`${base}.singular`),
      /** The list's create button: the resource's own wording when it has one ("New timeslot"). */
      createLabel: i18n.exists(`${base}.createLabel`)
        ? t(`${base}.createLabel`)
        : t('crud.createRecord', { resource: t(`${base}.singular`) }),
      fieldLabel,
      fieldHint,
      optionLabel,
      errorText,
      /** A group's parts, named on a show page or a summary (FieldValue's `parts`). */
      parts: { label: fieldLabel, optionLabel },
      /** The interface language (numbers and dates in list cells). */
      language,
    }),
    [
      t,
      i18n,
      base,
      language,
      groupLabel,
      sectionLabel,
      fieldLabel,
      fieldHint,
      optionLabel,
      errorText,
    ],
  );
}
