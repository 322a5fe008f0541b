import { Space, Tag } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  BooleanField,
  ColorField,
  ItemsField,
  LocalesField,
  MultiSelectField,
  SelectField,
  TextField,
} from '../../schema/fields';
import { formatNumber } from '../../schema/format';
import type { KindValueProps } from './types';

const str = (value: unknown) => (typeof value === 'string' ? value : String(value));

export function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: 4,
        background: color,
        border: '1px solid rgba(0,0,0,0.15)',
        verticalAlign: 'middle',
      }}
    />
  );
}

export function BooleanValue({ field, value }: KindValueProps<BooleanField>) {
  const { t } = useTranslation();
  if (!value) return <Tag>{t('crud.no')}</Tag>;
  return <Tag color={field.alert ? 'warning' : 'success'}>{t('crud.yes')}</Tag>;
}

export function OptionValue({ value, optionLabel }: KindValueProps<SelectField>) {
  return <Tag>{optionLabel(str(value))}</Tag>;
}

export function OptionsValue({ value, optionLabel }: KindValueProps<MultiSelectField>) {
  return (value as string[]).map((item) => <Tag key={item}>{optionLabel(item)}</Tag>);
}

export function LocalesValue({ value }: KindValueProps<LocalesField>) {
  const { t } = useTranslation();
  return (value as string[]).map((item) => <Tag key={item}>{t(`languages.${item}`)}</Tag>);
}

export function ColorValue({ value }: KindValueProps<ColorField>) {
  return (
    <Space size={6}>
      <Swatch color={str(value)} />
      <code className="stay-code">{str(value)}</code>
    </Space>
  );
}

export function UrlValue({ value }: KindValueProps<TextField>) {
  return (
    <a
      className="stay-link stay-ellipsis"
      href={str(value)}
      target="_blank"
      rel="noopener noreferrer"
      title={str(value)}
    >
      {str(value)}
    </a>
  );
}

export function EmailValue({ value }: KindValueProps<TextField>) {
  return (
    <a className="stay-link" href={`mailto:${str(value)}`}>
      {str(value)}
    </a>
  );
}

// A show page's table of sub-records: antd's Table, which no form or list cell needs.
const ItemsTable = lazy(() => import('./ItemsTable'));

/**
 * Sub-records: in a list cell, how many there are (a form's field count); on a show page a small
 * table, each part shown by its own kind.
 */
export function ItemsValue(props: KindValueProps<ItemsField>) {
  const { i18n } = useTranslation();
  const rows = Array.isArray(props.value) ? (props.value as Record<string, unknown>[]) : [];
  if (props.mode === 'cell') return formatNumber(rows.length, i18n.language);
  return <ItemsTable {...props} rows={rows} />;
}

export function CodeValue({ value }: KindValueProps) {
  return <code className="stay-code">{JSON.stringify(value)}</code>;
}
