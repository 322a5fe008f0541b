import type { InputProps } from './types';

export const str = (value: unknown) =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

/** The attributes every input passes on: its id, state and accessible description. */
export const a11y = (props: InputProps) => ({
  id: props.id,
  disabled: props.disabled,
  onBlur: props.onBlur,
  'aria-invalid': props['aria-invalid'],
  'aria-describedby': props['aria-describedby'],
});
