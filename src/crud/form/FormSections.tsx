import { Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';
import type { Field } from '../../schema/fields';
import { ResourceFields } from '../ResourceFields';
import type { useResourceText } from '../useResourceText';
import type { PlacedSection } from './sections';

interface Props {
  tabs: PlacedSection[];
  control: Control<FieldValues>;
  text: ReturnType<typeof useResourceText>;
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

/** A tab's title; it watches its own fields' errors, so the tabs do not render on each check. */
function TabLabel({
  control,
  fields,
  label,
  hasErrors,
}: {
  control: Control<FieldValues>;
  fields: [string, Field][];
  label: string;
  hasErrors: string;
}) {
  const { errors } = useFormState({ control, name: fields.map(([name]) => name) });
  const failed = fields.some(([name]) => errors[name]);
  return (
    <span style={failed ? { color: 'var(--stay-error)' } : undefined}>
      {label}
      {failed && (
        <span aria-hidden style={{ marginInlineStart: 4 }}>
          •
        </span>
      )}
      {failed && <span className="sr-only">{hasErrors}</span>}
    </span>
  );
}

/** A form's fields in the declaration's tabs; a tab holding an error says so in its title. */
export function FormTabs({
  tabs,
  control,
  text,
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
      className="stay-form-tabs"
      activeKey={current}
      onChange={(key) => {
        setOwn(key);
        onChange?.(key);
      }}
      items={[
        ...tabs.map((tab) => ({
          key: tab.key,
          label: (
            <TabLabel
              control={control}
              fields={tab.fields}
              label={text.sectionLabel('tabs', tab.key)}
              hasErrors={text.t('crud.tabHasErrors')}
            />
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
                      live
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
