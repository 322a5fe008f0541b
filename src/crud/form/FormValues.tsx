import type { ReactNode } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';

/**
 * What follows every value of a form (a live preview, a feature's add-on): it alone watches the
 * whole form and renders again on each change, not the page and its fields.
 */
export function FormValues({
  control,
  children,
}: {
  control: Control<FieldValues>;
  children: (values: Record<string, unknown>) => ReactNode;
}) {
  const values = useWatch({ control }) as Record<string, unknown>;
  return children(values);
}
