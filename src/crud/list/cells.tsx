import type { BaseKey } from '@refinedev/core';
import { Button, Tooltip } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import type { Field } from '../../schema/fields';
import { fieldValueView } from '../kinds/valueView';
import { TranslationTags } from '../localized';
import type { ReferenceLabels } from '../referenceLabels';
import type { useResourceText } from '../useResourceText';
import type { useTranslationStatus } from '../useTranslationStatus';
import type { Row } from './useListRecords';
import { RecordLink } from './RecordLink';

/**
 * What a list learns after its rows (rights, reference labels, currencies, languages). Cells
 * that show it read it here: its arrival draws those cells again, not the whole table.
 */
export interface LateAnswers {
  labels: ReferenceLabels;
  currencyOf: (ownerId?: number | null) => string;
  translationStatus: ReturnType<typeof useTranslationStatus>;
  canEdit: boolean;
  /** Deletes a row (one mutation for the whole list), and the rows being deleted. */
  deleteRow?: { remove: (id: BaseKey, name: string) => void; pending: ReadonlySet<BaseKey> };
}

const Late = createContext<LateAnswers>({
  labels: {},
  currencyOf: () => '',
  translationStatus: () => ({ locales: [], present: new Map() }),
  canEdit: false,
});

/** Gives the list's cells its late answers (memoize `value`). */
export function LateAnswersProvider({
  value,
  children,
}: {
  value: LateAnswers;
  children: ReactNode;
}) {
  return <Late.Provider value={value}>{children}</Late.Provider>;
}

/** A value that needs a late answer: a reference's label, an amount's currency. */
export function LateValue({
  name,
  field,
  value,
  record,
  text,
}: {
  name: string;
  field: Field;
  value: unknown;
  record: Row;
  text: ReturnType<typeof useResourceText>;
}) {
  const { labels, currencyOf } = useContext(Late);
  return fieldValueView(
    {
      field,
      value,
      label:
        field.kind === 'reference' && value != null ? labels[name]?.[String(value)] : undefined,
      optionLabel: (option) => text.optionLabel(name, option),
      currency: currencyOf(record.ownerId as number | undefined),
    },
    text,
  );
}

/** The languages an item exists in (localized lists). */
export function TranslationsCell({ record, t }: { record: Row; t: (key: string) => string }) {
  const { translationStatus } = useContext(Late);
  return <TranslationTags {...translationStatus(record)} t={t} />;
}

/** A row's actions that depend on the actor's rights. */
export function RightsCell({
  children,
}: {
  children: (rights: Pick<LateAnswers, 'canEdit' | 'deleteRow'>) => ReactNode;
}) {
  const { canEdit, deleteRow } = useContext(Late);
  return children({ canEdit, deleteRow });
}

/**
 * A row action that goes to a page: an icon button with its tooltip, named for screen readers;
 * in `hotel` when the row is another hotel's ("all my hotels").
 */
export function IconLink(props: {
  to: string;
  title: string;
  label: string;
  icon: ReactNode;
  hotel?: number;
}) {
  return (
    <Tooltip title={props.title}>
      <RecordLink to={props.to} hotel={props.hotel} label={props.label}>
        <Button type="text" icon={props.icon} tabIndex={-1} />
      </RecordLink>
    </Tooltip>
  );
}
