import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditChange } from '../../resources/audit';
import { resourceByName } from '../../resources';
import type { Field } from '../../schema/fields';
import type { Resource } from '../../schema/resource';
import { useResourceText } from '../useResourceText';
import { FieldValue } from '../widgets';

type Row = Record<string, unknown>;

/** A field the audited resource no longer declares is shown as its text. */
const PLAIN: Field = { kind: 'text' };

/** The changes of one update, readable: each field's label, its value before and after. */
export function AuditChanges({ entry }: { entry: Row }) {
  const resource = resourceByName(String(entry.resource ?? ''));
  const changes = Array.isArray(entry.changes) ? (entry.changes as AuditChange[]) : [];
  const { t } = useTranslation();
  if (changes.length === 0) {
    return <Typography.Text type="secondary">{t('audit.noChanges')}</Typography.Text>;
  }
  if (resource) return <Described resource={resource} changes={changes} />;
  return (
    <ChangeRows
      changes={changes}
      label={(name) => name}
      value={(_change, value) => (typeof value === 'string' ? value : JSON.stringify(value))}
      t={t}
    />
  );
}

function Described({ resource, changes }: { resource: Resource; changes: AuditChange[] }) {
  const text = useResourceText(resource);
  return (
    <ChangeRows
      changes={changes}
      label={(name) => (resource.fields[name] ? text.fieldLabel(name) : name)}
      value={(change, value) => (
        <FieldValue
          field={resource.fields[change.field] ?? PLAIN}
          value={value}
          optionLabel={(option) => text.optionLabel(change.field, option)}
          mode="show"
          parts={text.parts}
        />
      )}
      t={text.t}
    />
  );
}

function ChangeRows({
  changes,
  label,
  value,
  t,
}: {
  changes: AuditChange[];
  label: (name: string) => string;
  value: (change: AuditChange, value: unknown) => ReactNode;
  t: (key: string) => string;
}) {
  const show = (change: AuditChange, side: 'before' | 'after') => {
    if (change.changed) return <Typography.Text italic>{t('audit.secretChanged')}</Typography.Text>;
    const raw = change[side];
    if (raw === null || raw === undefined || raw === '') {
      return <Typography.Text type="secondary">{t('audit.empty')}</Typography.Text>;
    }
    // A summary is words cut short (rich text, a long list): shown as such.
    if (change.summary) {
      return (
        <span>
          {typeof raw === 'string' ? raw : JSON.stringify(raw)}{' '}
          <Typography.Text type="secondary">({t('audit.summary')})</Typography.Text>
        </span>
      );
    }
    return value(change, raw);
  };
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={changes}
      columns={[
        {
          key: 'field',
          title: t('audit.field'),
          render: (_, change) => label(change.field),
        },
        { key: 'before', title: t('audit.before'), render: (_, change) => show(change, 'before') },
        { key: 'after', title: t('audit.after'), render: (_, change) => show(change, 'after') },
      ]}
    />
  );
}
