import { Skeleton } from 'antd';
import { Suspense } from 'react';
import type { Field } from '../../schema/fields';
import { widgetsOf } from './registry';
import type { InputProps } from './types';

/** The input of a field, by its kind; a lazy one shows a placeholder while it loads. */
export function FieldInput({ field, props }: { field: Field; props: InputProps }) {
  const { Input } = widgetsOf(field);
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <Input field={field} props={props} PartInput={FieldInput} />
    </Suspense>
  );
}
