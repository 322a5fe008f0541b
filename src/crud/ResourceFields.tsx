import { Col, Form, Row } from 'antd';
import type { Control, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { Field } from '../schema/fields';
import type { useResourceText } from './useResourceText';
import { FieldInput, type InputProps } from './widgets';

const WIDE: Field['kind'][] = ['textarea', 'richText', 'json'];

type FieldContext = Omit<
  InputProps,
  'id' | 'value' | 'onChange' | 'onBlur' | 'aria-invalid' | 'aria-describedby' | 'optionLabel'
>;

interface Props {
  fields: [string, Field][];
  control: Control<FieldValues>;
  text: ReturnType<typeof useResourceText>;
  /** What a field's input needs beyond its value (disabled, owner, languages…). */
  context?: (name: string, field: Field) => FieldContext;
}

/**
 * The labelled inputs of a declaration's fields, bound to react-hook-form: each error (an i18n
 * key) shows under its field and is tied to the input for screen readers.
 */
export function ResourceFields({ fields, control, text, context }: Props) {
  return (
    <Row gutter={24}>
      {fields.map(([name, field]) => {
        const id = `field-${name}`;
        return (
          <Col key={name} xs={24} md={WIDE.includes(field.kind) ? 24 : 12}>
            <Controller
              control={control}
              name={name}
              render={({ field: input, fieldState }) => {
                const error = fieldState.error?.message;
                return (
                  <Form.Item
                    label={text.fieldLabel(name)}
                    htmlFor={id}
                    required={field.required}
                    validateStatus={error ? 'error' : undefined}
                    help={
                      error ? (
                        <span id={`${id}-error`}>{text.errorText(name, error)}</span>
                      ) : undefined
                    }
                  >
                    <FieldInput
                      field={field}
                      props={{
                        id,
                        value: input.value,
                        onChange: input.onChange,
                        onBlur: input.onBlur,
                        'aria-invalid': Boolean(error),
                        'aria-describedby': error ? `${id}-error` : undefined,
                        optionLabel: (option) => text.optionLabel(name, option),
                        ...context?.(name, field),
                      }}
                    />
                  </Form.Item>
                );
              }}
            />
          </Col>
        );
      })}
    </Row>
  );
}
