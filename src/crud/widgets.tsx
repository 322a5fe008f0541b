// The generic pages' entry to the field kinds' widgets (src/crud/kinds).
export { FieldInput } from './kinds/FieldInput';
export { FieldValue } from './kinds/FieldValue';
export { Swatch } from './kinds/values';
export type { InputProps } from './kinds/types';
