import { GlobalOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { FieldLayout } from './FieldLayout';
import { memo, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control, FieldValues } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import type { Field, GroupField } from '../schema/fields';
import { isShown } from '../schema/forms';
import { widgetsOf } from './kinds/registry';
import type { useResourceText } from './useResourceText';
import { FieldInput, type InputProps } from './widgets';

type FieldContext = Omit<
  InputProps,
  | 'id'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'aria-invalid'
  | 'aria-describedby'
  | 'optionLabel'
  | 'values'
> & {
  /** Why the field may not be changed, said under it instead of its hint. */
  lockedNote?: string;
};

interface Props {
  fields: [string, Field][];
  control: Control<FieldValues>;
  text: ReturnType<typeof useResourceText>;
  /**
   * The fields follow the record as it stands in the form: a field whose condition it does not
   * meet is hidden, and an input that depends on other fields (a reference's `match`, a
   * language's `within`) gets their values. Each field watches only what it reads, so typing
   * in one field renders no other.
   */
  live?: boolean;
  /**
   * What a field's input needs beyond its value (disabled, owner, languages…). Keep it stable
   * (useCallback): the fields render again when it changes.
   */
  context?: (name: string, field: Field) => FieldContext;
}

type CellProps = Omit<Props, 'fields'> & { name: string; field: Field };

/**
 * The labelled inputs of a declaration's fields, bound to react-hook-form: each error (an i18n
 * key) shows under its field and is tied to the input for screen readers. A group is a titled
 * section of its parts (react-hook-form path `group.part`).
 */
export function ResourceFields({ fields, ...props }: Props) {
  return (
    <Row gutter={24}>
      {fields.map(([name, field]) => {
        const cell = <FieldCell key={name} name={name} field={field} {...props} />;
        return props.live && field.condition ? (
          <Shown key={name} control={props.control} field={field}>
            {cell}
          </Shown>
        ) : (
          cell
        );
      })}
    </Row>
  );
}

/** A conditional field, shown while the record meets its condition (renders when that flips). */
function Shown({
  control,
  field,
  children,
}: {
  control: Control<FieldValues>;
  field: Field;
  children: ReactNode;
}) {
  const shown = useWatch({ control, compute: (values: FieldValues) => isShown(field, values) });
  return shown ? children : null;
}

/** One field's cell; memoized, so the page rendering again leaves the fields alone. */
const FieldCell = memo(function FieldCell(props: CellProps) {
  const { name, field, control, text, live, context } = props;
  if (widgetsOf(field).section) {
    return (
      <Col xs={24}>
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend style={{ fontSize: 16, fontWeight: 600, border: 0, marginBottom: 12 }}>
            {text.groupLabel(name)}
          </legend>
          {field.shared && (
            <div style={{ marginTop: -8, marginBottom: 12 }}>
              <SharedNote />
            </div>
          )}
          <ResourceFields
            fields={Object.entries((field as GroupField).of).map(([part, sub]) => [
              `${name}.${part}`,
              sub,
            ])}
            control={control}
            text={text}
            live={live}
            context={context}
          />
        </fieldset>
      </Col>
    );
  }
  return (
    <Col
      xs={24}
      // Picture cards take the row: they are many side by side.
      md={widgetsOf(field).wide || context?.(name, field).optionPicture ? 24 : 12}
    >
      <FieldController {...props} />
    </Col>
  );
});

/**
 * Said beside a field the item's languages share (`shared: true`): changing it here changes it
 * in every language, so nobody expects the other languages to keep their own.
 */
function SharedNote() {
  const { t } = useTranslation();
  return (
    <span className="shared-field-note">
      <GlobalOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
      {t('crud.sharedField')}
    </span>
  );
}

/** A field's hint and, for a shared field, the note that it applies to all languages. */
function hintOf(hint: string | undefined, shared: boolean | undefined): ReactNode {
  if (!shared) return hint;
  return hint ? (
    <>
      <div>{hint}</div>
      <SharedNote />
    </>
  ) : (
    <SharedNote />
  );
}

/** The other fields an input reads: a reference's `match`, a language's `within`. */
const NONE: readonly string[] = [];
const readsOf = (field: Field): readonly string[] =>
  field.kind === 'reference'
    ? (field.match ?? NONE)
    : field.kind === 'locale' && field.within
      ? [field.within]
      : NONE;

function FieldController({ name, field, control, text, live, context }: CellProps) {
  const id = `field-${name.replace(/\W/g, '-')}`;
  // A group's part is labelled like a field of its own: `resources.<name>.fields.<part>`.
  const own = name.slice(name.lastIndexOf('.') + 1);
  const reads = useMemo(() => (live ? readsOf(field) : NONE), [live, field]);
  const read = useWatch({ control, name: reads as string[], disabled: reads.length === 0 });
  const values = reads.length
    ? Object.fromEntries(reads.map((other, index) => [other, read[index]]))
    : undefined;
  const { lockedNote, ...inputContext } = context?.(name, field) ?? {};
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <FieldLayout
            id={id}
            label={text.fieldLabel(own)}
            required={field.required}
            error={error ? <span id={`${id}-error`}>{text.errorText(own, error)}</span> : undefined}
            hint={lockedNote ?? hintOf(text.fieldHint(own), field.shared)}
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
                ...inputContext,
                values,
              }}
            />
          </FieldLayout>
        );
      }}
    />
  );
}
