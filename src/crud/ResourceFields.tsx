import { Col, Form, Row } from 'antd';
import type { Control, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import type { Field, GroupField } from '../schema/fields';
import { isShown } from '../schema/forms';
import { widgetsOf } from './kinds/registry';
import type { useResourceText } from './useResourceText';
import { FieldInput, type InputProps } from './widgets';

type FieldContext = Omit<
  InputProps,
  'id' | 'value' | 'onChange' | 'onBlur' | 'aria-invalid' | 'aria-describedby' | 'optionLabel'
>;

interface Props {
  fields: [string, Field][];
  control: Control<FieldValues>;
  text: ReturnType<typeof useResourceText>;
  /** The record as it stands in the form: fields whose condition it does not meet are hidden. */
  values?: Record<string, unknown>;
  /** What a field's input needs beyond its value (disabled, owner, languages…). */
  context?: (name: string, field: Field) => FieldContext;
}

/**
 * The labelled inputs of a declaration's fields, bound to react-hook-form: each error (an i18n
 * key) shows under its field and is tied to the input for screen readers. A group is a titled
 * section of its parts (react-hook-form path `group.part`).
 */
export function ResourceFields({ fields, control, text, values, context }: Props) {
  return (
    <Row gutter={24}>
      {fields
        .filter(([, field]) => !values || isShown(field, values))
        .map(([name, field]) =>
          widgetsOf(field).section ? (
            <Col key={name} xs={24}>
              <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 12 }}>
                  {text.groupLabel(name)}
                </legend>
                <ResourceFields
                  fields={Object.entries((field as GroupField).of).map(([part, sub]) => [
                    `${name}.${part}`,
                    sub,
                  ])}
                  control={control}
                  text={text}
                  values={values}
                  context={context}
                />
              </fieldset>
            </Col>
          ) : (
            <Col
              key={name}
              xs={24}
              // Picture cards take the row: they are many side by side.
              md={widgetsOf(field).wide || context?.(name, field).optionPicture ? 24 : 12}
            >
              <FieldController
                name={name}
                field={field}
                control={control}
                text={text}
                context={context}
              />
            </Col>
          ),
        )}
    </Row>
  );
}

function FieldController({
  name,
  field,
  control,
  text,
  context,
}: Omit<Props, 'fields' | 'values'> & { name: string; field: Field }) {
  const id = `field-${name.replace(/\W/g, '-')}`;
  // A group's part is labelled like a field of its own: `resources.<name>.fields.<part>`.
  const own = name.slice(name.lastIndexOf('.') + 1);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Form.Item
            label={text.fieldLabel(own)}
            htmlFor={id}
            required={field.required}
            validateStatus={error ? 'error' : undefined}
            help={error ? <span id={`${id}-error`}>{text.errorText(own, error)}</span> : undefined}
            extra={text.fieldHint(own)}
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
                optionLabel: (option) => text.optionLabel(own, option),
                ...context?.(name, field),
              }}
            />
          </Form.Item>
        );
      }}
    />
  );
}
