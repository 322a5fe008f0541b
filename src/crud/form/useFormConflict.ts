import { useCallback, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { Values } from './conflicts';
import { useConflict, useLoadedVersion, type Loaded } from './useConflict';

/**
 * Versions for a form of its own (react-hook-form, not a resource form): the version its values
 * were loaded with (a save sends it as If-Match), the fields the person typed in, and the
 * conflict panel's state for a 412 (useConflict). The own profile and the apps' customize
 * dialog use it (issue 38).
 */
export function useFormConflict({
  resource,
  id,
  names,
  loaded,
  loadedFrom,
  form,
  getTheirs,
}: {
  resource: string;
  id: number | undefined;
  names: readonly string[];
  /** The record the form was loaded from; none when it makes a new one (nothing to check). */
  loaded: Values | undefined;
  /** A stored record as the form holds it (stable: defined outside the component). */
  loadedFrom: (stored: Values) => Loaded;
  form: Pick<UseFormReturn<FieldValues>, 'getValues' | 'setValue' | 'reset' | 'subscribe'>;
  getTheirs?: () => Promise<Values>;
}) {
  const version = useLoadedVersion(loaded && loadedFrom(loaded));
  const { touch, start } = version;
  const { subscribe, setValue: setFormValue, getValues, reset } = form;
  // The fields the person typed in (what counts as their change in a conflict).
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (type === 'change' && name) touch(name);
        },
      }),
    [subscribe, touch],
  );
  /** react-hook-form's setValue; a value put back as the person's own counts as their change. */
  const setValue = useCallback<typeof setFormValue>(
    (name, value, options) => {
      if (options?.shouldDirty) touch(name);
      setFormValue(name, value, options);
    },
    [setFormValue, touch],
  );
  const conflict = useConflict({
    resource,
    id,
    names,
    version,
    loadedFrom,
    getValues,
    setValue,
    reset,
    // react-hook-form's reset (taking theirs) already leaves nothing unsaved.
    markSaved: () => undefined,
    getTheirs,
  });
  const { close } = conflict;
  /** A save went through: `stored` is the form's new start. */
  const saved = useCallback(
    (stored: Values) => {
      start(loadedFrom(stored));
      close();
    },
    [start, loadedFrom, close],
  );
  return { conflict, saved, ifMatch: version.base?.version };
}
