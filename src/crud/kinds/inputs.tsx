import { Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  BooleanField,
  ColorField,
  Coordinates,
  CoordinatesField,
  GroupField,
  LocaleField,
  LocalesField,
  MultiSelectField,
  NumberField,
  SelectField,
  TextField,
} from '../../schema/fields';
import { DEFAULT_CURRENCY, localeOptions, minorUnits } from '../../schema/kinds';
import { decimalMark, parseAmount } from '../numbers';
import { a11y, str } from './inputProps';
import type { KindInputProps } from './types';
import './choice.css';
import { Swatch } from './values';

const num = (value: unknown) => (typeof value === 'number' ? value : null);

const HTML_TYPES: Partial<Record<TextField['kind'], string>> = {
  email: 'email',
  url: 'url',
  phone: 'tel',
};

export function TextInput({ field, props }: KindInputProps<TextField>) {
  return (
    <Input
      {...a11y(props)}
      type={HTML_TYPES[field.kind] ?? 'text'}
      // Several addresses, separated by commas (a form's notify list).
      multiple={field.multiple}
      value={str(props.value)}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

export function TextareaInput({ props }: KindInputProps<TextField>) {
  return (
    <Input.TextArea
      {...a11y(props)}
      rows={4}
      value={str(props.value)}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

export function PasswordInput({ props }: KindInputProps<TextField>) {
  return (
    <Input.Password
      {...a11y(props)}
      value={str(props.value)}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/**
 * The number inputs' parser. rc-input-number reads the parser's answer as a decimal string (so an
 * emptied input stays empty rather than 0); antd's types call it a number.
 */
const parseTyped = (text: string | undefined) => parseAmount(text ?? '') as unknown as number;

export function NumberInput({ props }: KindInputProps<NumberField>) {
  const { i18n } = useTranslation();
  return (
    <InputNumber
      {...a11y(props)}
      style={{ width: '100%' }}
      decimalSeparator={decimalMark(i18n.language)}
      parser={parseTyped}
      value={num(props.value)}
      onChange={(value) => props.onChange(value)}
    />
  );
}

/** The currency's symbol in the interface language, e.g. `€`, `US$`, `CHF`. */
const currencySymbol = (language: string, currency: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/** An amount in the owner's currency, stored in minor units. */
export function MoneyInput({ props }: KindInputProps<NumberField>) {
  const { i18n } = useTranslation();
  const currency = props.currency ?? DEFAULT_CURRENCY;
  const units = minorUnits(currency);
  const value = num(props.value);
  return (
    <InputNumber
      {...a11y(props)}
      style={{ width: '100%' }}
      prefix={currencySymbol(i18n.language, currency)}
      step={units === 1 ? 1 : 0.5}
      precision={Math.log10(units)}
      // `3,75` in Dutch is three euros seventy-five, not 375.
      decimalSeparator={decimalMark(i18n.language)}
      parser={parseTyped}
      value={value === null ? null : value / units}
      onChange={(next) => props.onChange(next === null ? null : Math.round(Number(next) * units))}
    />
  );
}

export function BooleanInput({ props }: KindInputProps<BooleanField>) {
  return (
    <Switch
      {...a11y(props)}
      checked={props.value === true}
      onChange={(checked) => props.onChange(checked)}
    />
  );
}

export function ChoiceInput({ field, props }: KindInputProps<SelectField | MultiSelectField>) {
  const { t } = useTranslation();
  const picture = props.optionPicture;
  if (picture && field.kind === 'select') {
    // Few options a picture explains better than a name (a home template): cards to choose from.
    return (
      <Radio.Group
        {...a11y(props)}
        className="choice-cards"
        value={props.value ?? undefined}
        onChange={(event) => props.onChange(event.target.value)}
        disabled={props.disabled}
      >
        {field.options.map((option) => (
          <Radio.Button key={option} value={option} className="choice-card">
            <span className="choice-card-picture" aria-hidden>
              {picture(option)}
            </span>
            <span className="choice-card-label">{props.optionLabel(option)}</span>
          </Radio.Button>
        ))}
      </Radio.Group>
    );
  }
  return (
    <Select
      {...a11y(props)}
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
}

export function LocaleInput({ field, props }: KindInputProps<LocaleField | LocalesField>) {
  const { t } = useTranslation();
  const within = 'within' in field && field.within ? props.values?.[field.within] : undefined;
  const offered = Array.isArray(within) ? within : props.locales;
  return (
    <Select
      {...a11y(props)}
      mode={field.kind === 'locales' ? 'multiple' : undefined}
      value={props.value ?? undefined}
      onChange={(value) => props.onChange(value)}
      options={localeOptions(t).filter((option) => !offered || offered.includes(option.value))}
      placeholder={t('crud.choose')}
    />
  );
}

export function ColorInput({ props }: KindInputProps<ColorField>) {
  const { t } = useTranslation();
  const value = str(props.value);
  return (
    <Input
      {...a11y(props)}
      value={value}
      onChange={(e) => props.onChange(e.target.value)}
      placeholder="#7635dc"
      prefix={<Swatch color={/^#[0-9a-f]{3,6}$/i.test(value) ? value : 'transparent'} />}
      suffix={
        <input
          type="color"
          aria-label={t('crud.pickColor')}
          disabled={props.disabled}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
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
}

export function CoordinatesInput({ props }: KindInputProps<CoordinatesField>) {
  const { t } = useTranslation();
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

export function JsonInput({ props }: KindInputProps) {
  return <code className="stay-code">{JSON.stringify(props.value)}</code>;
}

/** A group's parts side by side, each with its own input (the generic form lays groups out itself). */
export function GroupInput({ field, props, PartInput }: KindInputProps<GroupField>) {
  const { t } = useTranslation();
  const value = (props.value as Record<string, unknown> | null) ?? {};
  return (
    <Space wrap id={props.id}>
      {Object.entries(field.of).map(([name, part]) => (
        <PartInput
          key={name}
          field={part}
          props={{
            ...props,
            id: `${props.id}-${name}`,
            'aria-describedby': undefined,
            value: value[name],
            onChange: (next) => props.onChange({ ...value, [name]: next }),
            optionLabel: (option) => t(option),
          }}
        />
      ))}
    </Space>
  );
}
