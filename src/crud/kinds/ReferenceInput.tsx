import { useMany } from '@refinedev/core';
import { Select } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceLabel, type ReferenceField } from '../../schema/fields';
import type { ReferenceChoice } from './ReferenceOptions';
import type { KindInputProps } from './types';

// @refinedev/antd is one module: importing its useSelect brings its useTable's antd Form engine
// (~22 kB gzip) along. A form loads it when a reference input is first approached (pointer,
// focus); until then the input shows the chosen record's label, asked for by id.
const ReferenceOptions = lazy(() => import('./ReferenceOptions'));

const num = (value: unknown) => (typeof value === 'number' ? value : null);

/** A searchable choice of the referenced records the record may point at. */
export function ReferenceInput({ field, props }: KindInputProps<ReferenceField>) {
  const { t } = useTranslation();
  const value = num(props.value);
  const [wanted, setWanted] = useState(false);
  const [choice, setChoice] = useState<ReferenceChoice | null>(null);
  // What was typed before the choices arrived: searched for once they are there.
  const typed = useRef('');
  // The same query (resource and ids) as useSelect's own for its default value: asked once.
  const { result: chosen, query } = useMany<Record<string, unknown>>({
    resource: field.resource,
    ids: value === null ? [] : [value],
    queryOptions: { enabled: value !== null && !choice },
    overtimeOptions: { enabled: false },
    liveMode: 'off',
  });
  useEffect(() => {
    if (choice && typed.current) choice.onSearch(typed.current);
    typed.current = '';
  }, [choice]);
  const want = () => setWanted(true);
  const before = {
    options: (chosen.data ?? []).map((row) => ({
      label: referenceLabel(field, row),
      value: row.id as number,
    })),
    loading: wanted || query.isFetching,
    onSearch: (text: string) => {
      typed.current = text;
      want();
    },
  };
  return (
    <>
      {wanted && (
        <Suspense fallback={null}>
          <ReferenceOptions field={field} props={props} onChoice={setChoice} />
        </Suspense>
      )}
      <Select<number | null>
        {...(choice ?? before)}
        showSearch
        filterOption={false}
        id={props.id}
        disabled={props.disabled}
        value={value}
        onChange={(next) => props.onChange(next ?? null)}
        onFocus={want}
        onMouseEnter={want}
        onBlur={props.onBlur}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        allowClear={!field.required}
        placeholder={t('crud.choose')}
      />
    </>
  );
}
