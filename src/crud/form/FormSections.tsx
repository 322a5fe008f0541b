import { Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Control, FieldErrors, FieldValues } from 'react-hook-form';
import type { Field } from '../../schema/fields';
import { ResourceFields } from '../ResourceFields';
import type { useResourceText } from '../useResourceText';
import type { PlacedSection } from './sections';

interface Props {
  tabs: PlacedSection[];
  control: Control<FieldValues>;
  text: ReturnType<typeof useResourceText>;
  values: Record<string, unknown>;
  errors: FieldErrors;
  context: Parameters<typeof ResourceFields>[0]['context'];
  /** The tab to show (after a failed save: the first with an error). */
  active?: string;
  onChange?: (key: string) => void;
  /** Tabs that are not fields (an item's languages). */
  extra?: { key: string; label: ReactNode; children: ReactNode }[];
  /** What features show in a declared tab, by its key (a hotel's branding, its apps). */
  content?: Record<string, ReactNode>;
  /** The save buttons, under each tab that has fields of the record. */
  footer?: ReactNode;
  /** Makes a tab's fields and buttons a form (each tab is saved on its own). */
  asForm?: (children: ReactNode) => ReactNode;
}

const hasError = (fields: [string, Field][], errors: FieldErrors) =>
  fields.some(([name]) => errors[name]);

/** A form's fields in the declaration's tabs; a tab holding an error says so in its title. */
export function FormTabs({
  tabs,
  control,
  text,
  values,
  errors,
  context,
  active,
  onChange,
  extra = [],
  content = {},
  footer,
  asForm = (children) => children,
}: Props) {
  const [own, setOwn] = useState(tabs[0]?.key);
  const current = active ?? own;
  return (
    <Tabs
      activeKey={current}
      onChange={(key) => {
        setOwn(key);
        onChange?.(key);
      }}
      items={[
        ...tabs.map((tab) => ({
          key: tab.key,
          label: (
            <span
              style={hasError(tab.fields, errors) ? { color: 'var(--ant-color-error)' } : undefined}
            >
              {text.sectionLabel('tabs', tab.key)}
              {hasError(tab.fields, errors) && (
                <span aria-hidden style={{ marginInlineStart: 4 }}>
                  •
                </span>
              )}
              {hasError(tab.fields, errors) && (
                <span className="sr-only">{text.t('crud.tabHasErrors')}</span>
              )}
            </span>
          ),
          // Every tab's inputs stay mounted so a save checks and keeps them all.
          forceRender: true,
          children: (
            <>
              {tab.fields.length > 0 &&
                asForm(
                  <>
                    <ResourceFields
                      fields={tab.fields}
                      control={control}
                      text={text}
                      values={values}
                      context={context}
                    />
                    {footer}
                  </>,
                )}
              {content[tab.key]}
            </>
          ),
        })),
        ...extra,
      ]}
    />
  );
}
