import { useGetIdentity, useInvalidate, type HttpError } from '@refinedev/core';
import { saveErrorNotification } from './saveError';
import { useForm } from '@refinedev/react-hook-form';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  useWatch,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormHandleSubmit,
  type UseFormReturn,
} from 'react-hook-form';
import type { Field, TextField } from '../../schema/fields';
import { slugify } from '../../schema/kinds';
import { defaultValues, mayWriteField, writableFields } from '../../schema/forms';
import { isLocale, type Locale } from '../../schema/locales';
import { isAdministrator, isLocked, type Actor, type Resource } from '../../schema/resource';
import type { User } from '../../schema/user';
import { ownerField } from '../resourceColumns';
import { useCurrencyOf } from '../useCurrency';
import { useWarnWhenDirty } from '../useWarnWhenDirty';
import { OWNER_FIELD, useResourceText } from '../useResourceText';
import { useRecordName } from '../../shell/useRecordName';
import { versionOf } from '../../schema/versions';
import { useConflict, useLoadedVersion, type ConflictState, type Loaded } from './useConflict';

type Values = Record<string, unknown>;

/** The fields an actor edits, with the owner picker for administrators creating tenant content. */
export function formFields(
  resource: Resource,
  actor: Actor,
  action: 'create' | 'edit',
): [string, Field][] {
  const fields = writableFields(resource).filter(
    ([, field]) =>
      !field.hideInForm && !field.internal && (action === 'create' || !field.transient),
  );
  return resource.owned && !resource.personal && isAdministrator(actor) && action === 'create'
    ? [[OWNER_FIELD, ownerField], ...fields]
    : fields;
}

// zod and the fields' rules (~30 kB gzip) only check what a person enters: they come with the
// first touch of the page (a focus, a press or a key, long before a form is sent), or with the
// first check if that is sooner. Someone who only opens a record to read it never fetches them.
const loadRules = () => import('./formRules');

/** Runs `task` once, at the first focus, pointer press or key on the page. */
function onFirstTouch(task: () => void): () => void {
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  const stop = () => events.forEach((name) => document.removeEventListener(name, touched, true));
  function touched() {
    stop();
    task();
  }
  events.forEach((name) => document.addEventListener(name, touched, true));
  return stop;
}

function conditionalResolver(
  resource: Resource,
  fields: [string, Field][],
  actor: Actor,
): Resolver<FieldValues> {
  return async (values, context, options) =>
    (await loadRules()).checkRecord(resource, fields, actor)(values, context, options);
}

/** Field kinds a link may set, and how their text becomes a value (undefined: ignored). */
const PREFILLABLE: Partial<Record<Field['kind'], (raw: string) => unknown>> = {
  text: (raw) => raw,
  select: (raw) => raw,
  date: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined),
  time: (raw) => (/^\d{2}:\d{2}$/.test(raw) ? raw : undefined),
  number: (raw) => (raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined),
  reference: (raw) => (/^[1-9]\d*$/.test(raw) ? Number(raw) : undefined),
  boolean: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
};

function prefilled(fields: readonly [string, Field][], params: URLSearchParams): Values {
  const values: Values = {};
  for (const [name, field] of fields) {
    const raw = params.get(name);
    const parse = PREFILLABLE[field.kind];
    if (raw === null || !parse || field.readOnly) continue;
    const value = parse(raw);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

export interface ResourceFormOptions {
  resource: Resource;
  action: 'create' | 'edit';
  /** The variant a create route makes (its discriminator is set and not asked). */
  variant?: string;
  /** The language a new localized record is in (the list's `?locale=`). */
  locale?: string | null;
  /**
   * Values a link gives a new record (the create page's `?<field>=<value>`, e.g. Hotek's day
   * view books a slot on a day): only plain fields the actor may write, parsed by their kind.
   */
  prefill?: URLSearchParams;
  /** What happens after a successful save. */
  onSaved?: (record: Values & { id: number }, sent: Values) => void;
  /**
   * The record to edit when the page already has it (no second request): its id, values and
   * version (a save sends it as `If-Match`).
   */
  loaded?: { id: number; values: Values; version: number };
  /** A stored record as the form holds it, when the page shapes it (`loaded`'s values). */
  valuesOf?: (record: Values) => Values;
  /** A feature's own toasts and query options, over the generic ones. */
  refineCoreProps?: Partial<RefineCoreProps>;
  /** A feature's pictures of a select field's options, by field name (shown as cards). */
  optionPictures?: Readonly<Record<string, (option: string) => ReactNode>>;
}

type RefineCoreProps = NonNullable<
  Parameters<typeof useForm<FieldValues, HttpError, FieldValues>>[0]
>['refineCoreProps'] &
  object;

/**
 * Everything a create or edit page needs from a declaration: the actor's fields, the rules,
 * the initial values, the save with the product's toasts, and the context each input needs
 * (owner, languages, currency, what the actor may not change). Features compose it with their
 * own layout instead of copying the generic page.
 */
export function useResourceForm({
  resource,
  action,
  variant,
  locale,
  prefill,
  onSaved,
  loaded,
  refineCoreProps,
  optionPictures,
  valuesOf,
}: ResourceFormOptions) {
  const text = useResourceText(resource);
  const { t } = text;
  const { data: user } = useGetIdentity<User>();
  const actor = user ?? null;
  const fields = useMemo(() => formFields(resource, actor, action), [resource, actor, action]);
  const resolver = useMemo(
    () => conditionalResolver(resource, fields, actor),
    [resource, fields, actor],
  );
  useEffect(() => onFirstTouch(() => void loadRules()), []);
  const sourceLocale: Locale | undefined = isLocale(locale) ? locale : user?.sourceLocale;
  const initial = useMemo(() => {
    if (loaded) return loaded.values;
    const values = defaultValues(resource);
    if (variant && resource.variants) values[resource.variants.field] = variant;
    // New content starts in the user's own source language, and is made in that one first.
    for (const [name, field] of Object.entries(resource.fields)) {
      if (!resource.localized || !sourceLocale) break;
      if (field.kind === 'locale') values[name] = sourceLocale;
      if (field.kind === 'locales' && field.transient) values[name] = [sourceLocale];
    }
    if (action === 'create' && prefill) Object.assign(values, prefilled(fields, prefill));
    return values;
  }, [resource, sourceLocale, variant, loaded, action, prefill, fields]);

  // Unsaved changes: what the person changed since the form was loaded or last saved (typing, and
  // what a feature sets for them: the form builder, a place search). They keep the leave-page
  // warning on, also after a refused or failed save, until a save succeeds or they discard.
  const [unsaved, setUnsaved] = useState(false);
  const [refused, setRefused] = useState(0);
  useWarnWhenDirty(unsaved, refused);

  // Versions (issue 38): a save sends the version its values were loaded with as If-Match, so a
  // record someone changed meanwhile is not overwritten; a 412 opens the conflict panel.
  const names = useMemo(() => fields.map(([name]) => name), [fields]);
  const loadedFrom = useCallback(
    (stored: Values): Loaded => ({
      // As Refine fills the form: a stored field's value, else the field's own default.
      values:
        valuesOf?.(stored) ??
        Object.fromEntries(
          names.map((name) => [name, name in stored ? stored[name] : initial[name]]),
        ),
      version: versionOf(stored),
    }),
    [valuesOf, names, initial],
  );
  const version = useLoadedVersion(loaded && { values: loaded.values, version: loaded.version });
  const conflictRef = useRef<Pick<ConflictState, 'open' | 'close'> | null>(null);
  const editing = action === 'edit';
  const ownErrorNotification = refineCoreProps?.errorNotification;
  // Refine refreshes what a save touched even after a refusal, and fills the form with any newer
  // record it loads, over what the person typed: an edit form refreshes after a successful save
  // only, and not on a return to the browser tab (a 412 says when the record changed).
  const invalidate = useInvalidate();
  const refreshes = refineCoreProps?.invalidates ?? (['list', 'many', 'detail'] as const);
  const form = useForm<FieldValues, HttpError, FieldValues>({
    resolver,
    defaultValues: initial,
    refineCoreProps: {
      resource: resource.name,
      action,
      redirect: false,
      successNotification: (data) => ({
        type: 'success',
        message: t(action === 'create' ? 'crud.created' : 'crud.saved', {
          name: String(data?.data?.[resource.labelField] ?? text.singular),
        }),
      }),
      ...(editing && { queryOptions: { refetchOnWindowFocus: false } }),
      ...(loaded && { id: loaded.id, queryOptions: { enabled: false } }),
      // Never replaced under the user's hands by a live event: LiveChangeBar offers a reload.
      liveMode: 'manual',
      ...refineCoreProps,
      ...(editing && { invalidates: [] }),
      // A refusal for a newer record is told by the conflict panel, not a toast.
      errorNotification: (error, sent, name) =>
        error?.statusCode === 412
          ? false
          : typeof ownErrorNotification === 'function'
            ? ownErrorNotification(error, sent, name)
            : (ownErrorNotification ?? saveErrorNotification(t, error, action)),
      mutationMeta: {
        ...refineCoreProps?.mutationMeta,
        ...(editing && version.base && { ifMatch: version.base.version }),
      },
      onMutationSuccess: (data, sent, context, isAutosave) => {
        setUnsaved(false);
        // What was saved is the form's new start, at the version the save made.
        if (editing) {
          version.start(loadedFrom(data.data as Values));
          const id = loaded?.id ?? refineCore.id;
          if (id !== undefined)
            void invalidate({ resource: resource.name, id, invalidates: [...refreshes] });
        }
        conflictRef.current?.close();
        refineCoreProps?.onMutationSuccess?.(data, sent, context, isAutosave);
        onSaved?.(data.data as Values & { id: number }, sent as Values);
      },
      onMutationError: (error, sent, context, isAutosave) => {
        setRefused((count) => count + 1);
        if (editing && error.statusCode === 412) conflictRef.current?.open(error, sent as Values);
        refineCoreProps?.onMutationError?.(error, sent, context, isAutosave);
      },
    },
    // Refine's own warning follows typing only, and is off for good after any submit: ours
    // (useWarnWhenDirty, above) is used instead.
    warnWhenUnsavedChanges: false,
  });
  const { watch, refineCore, getFieldState } = form;
  const { touch } = version;
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (type !== 'change') return;
      setUnsaved(true);
      if (name) touch(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, touch]);
  const { setValue: setFormValue, reset: resetForm, handleSubmit: submitForm } = form;
  /** react-hook-form's setValue; a value set as the person's change is an unsaved change. */
  const setValue = useCallback<typeof setFormValue>(
    (name, value, options) => {
      if (options?.shouldDirty) {
        setUnsaved(true);
        touch(name);
      }
      setFormValue(name, value, options);
    },
    [setFormValue, touch],
  );
  /** react-hook-form's reset: the values given (saved ones, or none) are the new start. */
  const reset = useCallback<typeof resetForm>(
    (values, options) => {
      setUnsaved(false);
      resetForm(values, options);
    },
    [resetForm],
  );
  const markSaved = useCallback(() => setUnsaved(false), []);
  /** Refine's handleSubmit; a save refused by the rules keeps the warning on. */
  const handleSubmit = useCallback<UseFormHandleSubmit<FieldValues>>(
    (valid, invalid) =>
      submitForm(valid, (errors, event) => {
        setRefused((count) => count + 1);
        return invalid?.(errors, event);
      }),
    [submitForm],
  );
  // A field made from another (a slug from the title, an app's title from the hotel's name)
  // follows it until the person types one of their own.
  useEffect(() => {
    if (action !== 'create') return;
    const suggested = Object.entries(resource.fields).filter(
      (entry): entry is [string, TextField] => 'from' in entry[1] && Boolean(entry[1].from),
    );
    if (!suggested.length) return;
    const subscription = watch((current, { name: changed }) => {
      for (const [name, field] of suggested) {
        if (changed !== field.from || getFieldState(name).isDirty) continue;
        const source = String(current[field.from!] ?? '');
        setValue(name, field.kind === 'slug' ? slugify(source) : source, {
          shouldValidate: false,
        });
      }
    });
    return () => subscription.unsubscribe();
  }, [action, resource, watch, getFieldState, setValue]);
  const record = refineCore.query?.data?.data;
  // Refine fills the form with each record it loads (the first, and after a save): the form's
  // values start from that version.
  const [seenRecord, setSeenRecord] = useState(record);
  if (record !== seenRecord) {
    setSeenRecord(record);
    if (record && editing) version.start(loadedFrom(record));
  }
  const conflict = useConflict({
    resource: resource.name,
    id: loaded?.id ?? refineCore.id,
    names,
    version,
    loadedFrom,
    getValues: form.getValues,
    setValue,
    reset,
    markSaved,
    refetch: loaded ? undefined : refineCore.query?.refetch,
  });
  useEffect(() => {
    conflictRef.current = { open: conflict.open, close: conflict.close };
  }, [conflict.open, conflict.close]);
  // No whole-form watch here: it would render the page, and so every field, on each key. Only
  // the owner picker's value (what references and money follow while creating) is watched.
  const chosenOwner = useWatch({
    control: form.control,
    name: OWNER_FIELD,
    disabled: action === 'edit',
  }) as number | undefined;
  const ownerId = (action === 'edit' ? record?.ownerId : chosenOwner) as number | undefined;
  const currencyOf = useCurrencyOf(resource);
  const discriminator = resource.variants?.field;
  const locales = isAdministrator(actor) ? undefined : user?.locales;

  // What the actor may not change of this record: the rule the API's hooks refuse with.
  const lock = useMemo(
    () => (action === 'edit' && record && resource.lock?.({ actor, record })) || null,
    [action, record, resource, actor],
  );

  /** What each input needs beyond its value (stable: the fields are memoized on it). */
  const context = useCallback(
    (name: string, field: Field) => {
      const locked = isLocked(lock, name);
      return {
        ownerId: name === OWNER_FIELD ? undefined : ownerId,
        // A record's variant is chosen when it is made; the actor's rights decide the rest.
        disabled:
          locked || !mayWriteField(field, actor) || (action === 'edit' && name === discriminator),
        // A field locked on its own says why (a whole locked record says it once, above).
        lockedNote: locked && lock?.fields ? t(lock.key) : undefined,
        locales,
        currency: currencyOf(ownerId),
        optionPicture: optionPictures?.[name],
      };
    },
    [ownerId, actor, action, discriminator, locales, currencyOf, optionPictures, lock, t],
  );
  /** The fields shown: a create route's variant does not ask for its discriminator. */
  const shownFields = useMemo(
    () => (variant ? fields.filter(([name]) => name !== discriminator) : fields),
    [variant, fields, discriminator],
  );

  // Named as its breadcrumb and tab title (an app permission by its app, not the app's id).
  const editedName = useRecordName(
    action === 'edit' && record ? { resource: resource.name, id: Number(record.id) } : undefined,
  );
  const title =
    action === 'create'
      ? t('crud.createRecord', {
          resource: variant ? text.optionLabel(discriminator!, variant) : text.singular,
        })
      : t('crud.editRecordTitle', { name: editedName ?? (record ? `#${String(record.id)}` : '') });

  return {
    ...form,
    setValue,
    reset,
    handleSubmit,
    /** Changes not saved yet (the leave-page warning is on). */
    unsaved,
    /** Says the form's changes are saved by other means (a reorder saved at once). */
    markSaved,
    text,
    user,
    record,
    fields: shownFields,
    context,
    title,
    lock,
    /** A save refused for a newer record (412), and the ways out of it. */
    conflict,
    /** The version of the record the form's values are from (a save sends it as If-Match). */
    version: version.base?.version,
  };
}

/** The first of `sections` holding a field with an error (to show it after a failed save). */
export function sectionWithError(
  sections: readonly { key: string; fields: readonly (readonly [string, Field])[] }[],
  errors: FieldErrors,
): string | undefined {
  return sections.find((section) => section.fields.some(([name]) => errors[name] !== undefined))
    ?.key;
}

/**
 * After a refused save (the server's field errors too), once per submit: `show` gets the first
 * of `sections` holding an error. It listens to the form instead of reading its errors while
 * rendering, so the page does not render again (with all its fields) on each validation.
 */
export function useSectionWithError(
  subscribe: UseFormReturn<FieldValues>['subscribe'],
  sections: readonly { key: string; fields: readonly (readonly [string, Field])[] }[] | undefined,
  show: (key: string) => void,
): void {
  const seen = useRef(0);
  const latest = useRef({ sections, show });
  useEffect(() => {
    latest.current = { sections, show };
  });
  useEffect(
    () =>
      subscribe({
        formState: { submitCount: true, errors: true },
        callback: ({ submitCount = 0, errors }) => {
          const { sections: now, show: tell } = latest.current;
          if (!now || submitCount === seen.current) return;
          const key = sectionWithError(now, errors ?? {});
          if (key === undefined) return;
          seen.current = submitCount;
          tell(key);
        },
      }),
    [subscribe],
  );
}
