import { useSelect } from '@refinedev/antd';
import {
  DatePicker,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  TimePicker,
  Typography,
  type SelectProps,
} from 'antd';
import dayjs from 'dayjs';
import { displayText } from './displayText';
import { decimalMark, parseAmount } from './numbers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coordinates, Field, ReferenceField } from '../schema/fields';
import { referenceLabel } from '../schema/fields';
import { localeOptions } from './filterOptions';

/** Props every input widget gets from the form (react-hook-form field + accessibility). */
export interface InputProps {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  optionLabel: (value: string) => string;
  /** Limits reference choices to one owner (administrators editing a tenant's record). */
  ownerId?: number;
  /** The actor may see but not change this field. */
  disabled?: boolean;
  /** The record as it stands in the form, for references that must match some of its fields. */
  values?: Record<string, unknown>;
  /** The languages a locale field offers (the owner's); all when unset. */
  locales?: readonly string[];
}

const str = (value: unknown) =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
const num = (value: unknown) => (typeof value === 'number' ? value : null);

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

function ReferenceInput({ field, props }: { field: ReferenceField; props: InputProps }) {
  const { t } = useTranslation();
  const { selectProps } = useSelect({
    resource: field.resource,
    optionLabel: (row: Record<string, unknown>) => referenceLabel(field, row),
    optionValue: 'id' as never,
    filters: [
      ...Object.entries(field.where ?? {}).map(([name, value]) => ({
        field: name,
        operator: 'eq' as const,
        value,
      })),
      ...(field.match ?? [])
        .filter((key) => props.values?.[key] != null)
        .map((key) => ({ field: key, operator: 'eq' as const, value: props.values![key] })),
      ...(field.sameOwner && props.ownerId
        ? [{ field: 'ownerId', operator: 'eq' as const, value: props.ownerId }]
        : []),
    ],
    pagination: { pageSize: 100, mode: 'server' },
    defaultValue: num(props.value) ?? undefined,
    onSearch: (value) => [{ field: `${field.labelField}_like` as string, operator: 'eq', value }],
  });
  return (
    <Select<number | null>
      {...(selectProps as SelectProps<number | null>)}
      id={props.id}
      disabled={props.disabled}
      value={num(props.value)}
      onChange={(value) => props.onChange(value ?? null)}
      onBlur={props.onBlur}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      allowClear={!field.required}
      placeholder={t('crud.choose')}
    />
  );
}

/** The input of a field kind. */
/**
 * The number inputs' parser. rc-input-number reads the parser's answer as a decimal string (so an
 * emptied input stays empty rather than 0); antd's types call it a number.
 */
const parseTyped = (text: string | undefined) => parseAmount(text ?? '') as unknown as number;

export function FieldInput({ field, props }: { field: Field; props: InputProps }) {
  const { t, i18n } = useTranslation();
  const a11y = {
    id: props.id,
    disabled: props.disabled,
    onBlur: props.onBlur,
    'aria-invalid': props['aria-invalid'],
    'aria-describedby': props['aria-describedby'],
  };
  switch (field.kind) {
    case 'textarea':
    case 'richText':
      return (
        <Input.TextArea
          {...a11y}
          rows={4}
          value={str(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...a11y}
          value={str(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...a11y}
          style={{ width: '100%' }}
          decimalSeparator={decimalMark(i18n.language)}
          parser={parseTyped}
          value={num(props.value)}
          onChange={(value) => props.onChange(value)}
        />
      );
    case 'money':
      return (
        <InputNumber
          {...a11y}
          style={{ width: '100%' }}
          prefix="€"
          step={0.5}
          precision={2}
          // `3,75` in Dutch is three euros seventy-five, not 375.
          decimalSeparator={decimalMark(i18n.language)}
          parser={parseTyped}
          value={num(props.value) === null ? null : num(props.value)! / 100}
          onChange={(value) =>
            props.onChange(value === null ? null : Math.round(Number(value) * 100))
          }
        />
      );
    case 'boolean':
      return (
        <Switch
          {...a11y}
          checked={props.value === true}
          onChange={(checked) => props.onChange(checked)}
        />
      );
    case 'select':
    case 'multiSelect':
      return (
        <Select
          {...a11y}
          mode={field.kind === 'multiSelect' ? 'multiple' : undefined}
          value={props.value ?? undefined}
          onChange={(value) => props.onChange(value)}
          options={field.options.map((option) => ({
            value: option,
            label: props.optionLabel(option),
          }))}
          allowClear={!field.required}
          placeholder={t('crud.choose')}
        />
      );
    case 'locale':
    case 'locales':
      return (
        <Select
          {...a11y}
          mode={field.kind === 'locales' ? 'multiple' : undefined}
          value={props.value ?? undefined}
          onChange={(value) => props.onChange(value)}
          options={localeOptions(t).filter(
            (option) => !props.locales || props.locales.includes(option.value),
          )}
          placeholder={t('crud.choose')}
        />
      );
    case 'date':
    case 'dateTime':
      return (
        <DatePicker
          {...a11y}
          showTime={field.kind === 'dateTime'}
          style={{ width: '100%' }}
          value={props.value ? dayjs(str(props.value)) : null}
          onChange={(value) =>
            props.onChange(
              value
                ? field.kind === 'date'
                  ? value.format('YYYY-MM-DD')
                  : value.toISOString()
                : null,
            )
          }
        />
      );
    case 'time':
      return (
        <TimePicker
          {...a11y}
          format="HH:mm"
          style={{ width: '100%' }}
          value={props.value ? dayjs(`2000-01-01T${str(props.value)}`) : null}
          onChange={(value) => props.onChange(value ? value.format('HH:mm') : null)}
        />
      );
    case 'color':
      return (
        <Input
          {...a11y}
          value={str(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
          placeholder="#7635dc"
          prefix={
            <Swatch
              color={/^#[0-9a-f]{3,6}$/i.test(str(props.value)) ? str(props.value) : 'transparent'}
            />
          }
          suffix={
            <input
              type="color"
              aria-label={t('crud.pickColor')}
              value={/^#[0-9a-f]{6}$/i.test(str(props.value)) ? str(props.value) : '#000000'}
              onChange={(e) => props.onChange(e.target.value)}
              style={{
                width: 28,
                height: 24,
                border: 'none',
                padding: 0,
                background: 'none',
                cursor: 'pointer',
              }}
            />
          }
        />
      );
    case 'reference':
      return <ReferenceInput field={field} props={props} />;
    case 'coordinates': {
      const value = (props.value as Coordinates | null) ?? null;
      const set = (part: Partial<Coordinates>) => {
        const next = { lat: value?.lat ?? null, lng: value?.lng ?? null, ...part };
        props.onChange(next.lat === null && next.lng === null ? null : next);
      };
      return (
        <Space.Compact style={{ width: '100%' }} id={props.id}>
          <InputNumber
            aria-label={t('crud.latitude')}
            disabled={props.disabled}
            placeholder={t('crud.latitude')}
            style={{ width: '50%' }}
            min={-90}
            max={90}
            value={value?.lat ?? null}
            onChange={(lat) => set({ lat: lat ?? undefined })}
            onBlur={props.onBlur}
          />
          <InputNumber
            aria-label={t('crud.longitude')}
            disabled={props.disabled}
            placeholder={t('crud.longitude')}
            style={{ width: '50%' }}
            min={-180}
            max={180}
            value={value?.lng ?? null}
            onChange={(lng) => set({ lng: lng ?? undefined })}
            onBlur={props.onBlur}
          />
        </Space.Compact>
      );
    }
    case 'json':
      return <Typography.Text code>{JSON.stringify(props.value)}</Typography.Text>;
    default:
      return (
        <Input
          {...a11y}
          type={
            field.kind === 'email'
              ? 'email'
              : field.kind === 'url'
                ? 'url'
                : field.kind === 'phone'
                  ? 'tel'
                  : 'text'
          }
          value={str(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        />
      );
  }
}

/** How a value of a field reads in a list cell or on a show page. */
export function FieldValue({
  field,
  value,
  label,
  optionLabel,
}: {
  field: Field;
  value: unknown;
  label?: string;
  optionLabel: (value: string) => string;
}): ReactNode {
  const { t, i18n } = useTranslation();
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  switch (field.kind) {
    case 'boolean':
      return value ? <Tag color="success">{t('crud.yes')}</Tag> : <Tag>{t('crud.no')}</Tag>;
    case 'select':
      return <Tag>{optionLabel(str(value))}</Tag>;
    case 'multiSelect':
      return (value as string[]).map((item) => <Tag key={item}>{optionLabel(item)}</Tag>);
    case 'locales':
      return (value as string[]).map((item) => <Tag key={item}>{t(`languages.${item}`)}</Tag>);
    case 'color':
      return (
        <Space size={6}>
          <Swatch color={str(value)} />
          <Typography.Text code>{str(value)}</Typography.Text>
        </Space>
      );
    case 'url':
      return (
        <Typography.Link href={str(value)} target="_blank" rel="noopener noreferrer" ellipsis>
          {str(value)}
        </Typography.Link>
      );
    case 'email':
      return <Typography.Link href={`mailto:${str(value)}`}>{str(value)}</Typography.Link>;
    case 'locale':
    case 'money':
    case 'number':
    case 'date':
    case 'dateTime':
    case 'reference':
    case 'coordinates':
      // The same words the CSV export writes.
      return displayText(field, value, { language: i18n.language, t, optionLabel, label });
    case 'items': {
      const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      return (
        <Table
          size="small"
          pagination={false}
          rowKey={(_, index) => String(index)}
          dataSource={rows}
          columns={Object.entries(field.of)
            .filter(([, sub]) => !sub.list?.none)
            .map(([name, sub]) => ({
              key: name,
              dataIndex: name,
              title: t(`crud.itemFields.${name}`, { defaultValue: name }),
              render: (cell: unknown) => (
                <FieldValue field={sub} value={cell} optionLabel={optionLabel} />
              ),
            }))}
        />
      );
    }
    case 'json':
      return <Typography.Text code>{JSON.stringify(value)}</Typography.Text>;
    case 'password':
      return '••••••••';
    default:
      return str(value);
  }
}
