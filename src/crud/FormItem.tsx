import type { ReactElement } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseMessage } from '../schema/messages';
import { FieldLayout } from './FieldLayout';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  /** Renders the input; gets the field's value, handlers and accessible id. */
  children: (field: {
    id: string;
    value: T[FieldPath<T>];
    onChange: (...event: unknown[]) => void;
    onBlur: () => void;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactElement;
}

/**
 * One labelled input bound to react-hook-form; the field's error (an i18n key, or a coded
 * message) shows under it
 * and is linked to the input for screen readers.
 */
export function FormItem<T extends FieldValues>({
  control,
  name,
  label,
  required,
  children,
}: Props<T>) {
  const { t, i18n } = useTranslation();
  const id = `field-${name.replace(/\W/g, '-')}`;
  // An i18n key, maybe with values (the API's coded field messages): about this field.
  const worded = (text: string) => {
    const { key, params } = parseMessage(text);
    return i18n.exists(key) ? t(key, { field: label, ...params }) : text;
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <FieldLayout
            id={id}
            label={label}
            required={required}
            error={message ? <span id={`${id}-error`}>{worded(message)}</span> : undefined}
          >
            {children({
              id,
              value: field.value,
              onChange: field.onChange,
              onBlur: field.onBlur,
              'aria-invalid': Boolean(message),
              'aria-describedby': message ? `${id}-error` : undefined,
            })}
          </FieldLayout>
        );
      }}
    />
  );
}
