import type { ComponentType, ReactNode } from 'react';
import type { Field } from '../../schema/fields';

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
  /**
   * The other fields this input reads as they stand in the form (a reference's `match`, a
   * language's `within`), by name.
   */
  values?: Record<string, unknown>;
  /** The languages a locale field offers (the owner's); all when unset. */
  locales?: readonly string[];
  /** The owner's currency (ISO 4217) for money inputs; EUR when unset. */
  currency?: string;
  /** Told when an upload fails (a dialog's toast); the reason also shows under the field. */
  onUploadError?: (message: string) => void;
  /** A feature's picture of each option: a select shows its options as picture cards. */
  optionPicture?: (value: string) => ReactNode;
}

/**
 * What a kind's input component receives. `PartInput` is the input of a part (a group's), by the
 * part's own kind: handed over by FieldInput, so that no kind imports the registry back.
 */
export interface KindInputProps<F extends Field = Field> {
  field: F;
  props: InputProps;
  PartInput: ComponentType<{ field: Field; props: InputProps }>;
}

/** How a part of a value (an item's field) reads, by the part's own kind. */
export interface PartValueProps {
  field: Field;
  value: unknown;
  optionLabel: (value: string) => string;
  currency?: string;
}

/** What a kind's value component (list cell or show view) receives; the value is never empty. */
export interface KindValueProps<F extends Field = Field> {
  field: F;
  value: unknown;
  /** A reference's label, resolved by the list. */
  label?: string;
  optionLabel: (value: string) => string;
  /** A list cell is one line; a show view may take room. */
  mode: 'cell' | 'show';
  /** The owner's currency (ISO 4217) for money; EUR when unset. */
  currency?: string;
  /** A part's view (handed over by the dispatcher, so that no kind imports the registry back). */
  partView: (part: PartValueProps) => ReactNode;
}

/** The dashboard's side of a field kind (its pure side is src/schema/kinds). */
export interface KindWidgets<F extends Field = Field> {
  /** The form input. Heavy ones are React.lazy: they load when a form that uses them opens. */
  Input: ComponentType<KindInputProps<F>>;
  /** The list cell and show view; the kind's text (schema/kinds) when unset. */
  Value?: ComponentType<KindValueProps<F>>;
  /** Takes a whole form row (long texts, editors, tables). */
  wide?: boolean;
  /** One line with an ellipsis in list cells. */
  ellipsis?: boolean;
  /** Its parts are fields of their own: the form shows a titled section of inputs (group). */
  section?: boolean;
}
