import { useDataProvider, type BaseKey, type HttpError } from '@refinedev/core';
import { useCallback, useRef, useState } from 'react';
import type { FieldValues, UseFormGetValues, UseFormReset, UseFormSetValue } from 'react-hook-form';
import { i18n } from '../../i18n';
import { worded } from '../../providers/http';
import { formatDate } from '../../schema/format';
import type { MessageParams } from '../../schema/messages';
import type { VersionConflict } from '../../schema/versions';
import { differences, merge, type FieldDifference, type Side, type Values } from './conflicts';

/** A record as an edit form holds it: its fields' values and the version they are of. */
export interface Loaded {
  values: Values;
  version: number;
}

/** A save refused because the record changed meanwhile (`412`), as the form shows it. */
export interface Conflict {
  /** The API's words, in the interface language: who changed it and when. */
  message: string;
  /** Who made the last change, when the API knows. */
  changedBy: string | null;
  /** The record on the server now; null while it loads, or when it could not be loaded. */
  theirs: Loaded | null;
  failed: boolean;
  /** The fields the form and the server now hold differently. */
  found: FieldDifference[];
}

/** What the person had when they took theirs: shown, and put back on request. */
export interface Dropped {
  values: Values;
  found: FieldDifference[];
}

type Refusal = HttpError & { code?: string; values?: MessageParams; conflict?: VersionConflict };

/**
 * The 412's words: "Eva de Vries changed this page at 14:02 while you were editing", the time
 * alone when the change was today (the API's own words give the day too).
 */
function conflictMessage(error: Refusal, now = new Date()): string {
  const at = error.conflict?.changedAt;
  if (!error.code || !error.values || !at || !i18n.exists(error.code)) return error.message;
  const changed = new Date(at);
  if (changed.toDateString() !== now.toDateString()) return error.message;
  const language = i18n.resolvedLanguage ?? i18n.language;
  return worded(error.code, {
    ...error.values,
    at: formatDate(changed, language, { timeStyle: 'short' }),
  });
}

/**
 * The record an edit form's values were loaded from (its version is what a save sends as
 * `If-Match`), and the fields the person changed since.
 */
export function useLoadedVersion(initial: Loaded | undefined) {
  const [base, setBase] = useState(initial);
  const touched = useRef(new Set<string>());
  /** The form now starts from `next`; `kept` are the person's changes over it still to save. */
  const start = useCallback((next: Loaded, kept: Iterable<string> = []) => {
    setBase(next);
    touched.current = new Set(kept);
  }, []);
  /** The person changed a field (a nested one counts for its field). */
  const touch = useCallback((name: string) => {
    touched.current.add(name.split(/[.[]/)[0]);
  }, []);
  const changed = useCallback((): ReadonlySet<string> => touched.current, []);
  return { base, start, touch, changed };
}

export type LoadedVersion = ReturnType<typeof useLoadedVersion>;

export interface ConflictOptions {
  resource: string;
  id: BaseKey | undefined;
  /** The form's fields (what is compared and merged). */
  names: readonly string[];
  /** The record the form's values were loaded from, and the person's changes since. */
  version: LoadedVersion;
  /** A stored record as the form holds it. */
  loadedFrom: (record: Values) => Loaded;
  getValues: UseFormGetValues<FieldValues>;
  setValue: UseFormSetValue<FieldValues>;
  reset: UseFormReset<FieldValues>;
  /** The form's values are saved, or the server's: no unsaved changes. */
  markSaved: () => void;
  /** Loads the form's record again (its title, its lock), when the form loaded it itself. */
  refetch?: () => unknown;
  /**
   * The record as it is on the server now, when it is not the resource's `GET /<name>/:id` (the
   * own account, read at `/users/me`).
   */
  getTheirs?: () => Promise<Values>;
}

/**
 * An edit form's answer to a `412` (issue 38): it keeps what the person typed, loads the
 * record as it is now, and offers take theirs, keep mine (save over it, explicitly) or merge
 * (conflicts.ts). Nothing typed is lost: taking theirs keeps the person's values on screen to
 * put back.
 */
export function useConflict(options: ConflictOptions) {
  const { resource, id, names, version, loadedFrom } = options;
  const { base, start, changed } = version;
  const { getValues, setValue, reset, markSaved, refetch, getTheirs } = options;
  const dataProvider = useDataProvider();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [picks, setPicks] = useState<Record<string, Side>>({});
  const [dropped, setDropped] = useState<Dropped | null>(null);
  const [merged, setMerged] = useState(false);
  /** Asks for a save with the server's version (keep mine): the page's own submit runs it. */
  const [resave, setResave] = useState(0);

  const compare = useCallback(
    (theirs: Loaded) =>
      base ? differences(names, base.values, theirs.values, getValues(), changed()) : [],
    [base, names, getValues, changed],
  );

  const load = useCallback(
    async (shown: Omit<Conflict, 'theirs' | 'failed' | 'found'>, sent?: Values) => {
      try {
        const data = getTheirs
          ? await getTheirs()
          : (await dataProvider().getOne({ resource, id: id! })).data;
        const theirs = loadedFrom(data as Values);
        const found = compare(theirs);
        // Every change of theirs is in a field this save does not send (another tab of the same
        // record, a reorder): saving again over the new version overwrites nothing of theirs.
        if (sent && found.every((field) => field.changedBy === 'mine' || !(field.name in sent))) {
          for (const field of found)
            if (field.changedBy !== 'mine') setValue(field.name, field.theirs);
          start(theirs, changed());
          setResave((count) => count + 1);
          return;
        }
        setConflict({ ...shown, theirs, failed: false, found });
      } catch {
        setConflict({ ...shown, theirs: null, failed: true, found: [] });
      }
    },
    [dataProvider, getTheirs, resource, id, loadedFrom, compare, setValue, start, changed],
  );

  /** A save of `sent` was refused with 412: the panel opens over the person's values. */
  const open = useCallback(
    (error: HttpError, sent?: Values) => {
      const refusal = error as Refusal;
      setPicks({});
      setMerged(false);
      setDropped(null);
      void load(
        {
          message: conflictMessage(refusal),
          changedBy: refusal.conflict?.changedBy?.name || null,
        },
        sent,
      );
    },
    [load],
  );

  /**
   * Opens the panel with no save refused: the live bar's Compare, after someone else changed the
   * record; `message` says who.
   */
  const review = useCallback(
    (message: string, changedBy: string | null) => {
      setPicks({});
      setMerged(false);
      setDropped(null);
      void load({ message, changedBy });
    },
    [load],
  );

  const retry = useCallback(() => {
    if (!conflict) return;
    const shown = { message: conflict.message, changedBy: conflict.changedBy };
    setConflict({ ...shown, theirs: null, failed: false, found: [] });
    void load(shown);
  }, [conflict, load]);

  /** A save went through: nothing is pending any more. */
  const close = useCallback(() => {
    setConflict(null);
    setMerged(false);
  }, []);

  const takeTheirs = useCallback(() => {
    if (!conflict?.theirs) return;
    const { theirs } = conflict;
    const mine = getValues();
    setDropped({ values: mine, found: compare(theirs) });
    reset({ ...mine, ...theirs.values });
    start(theirs);
    markSaved();
    setConflict(null);
    refetch?.();
  }, [conflict, getValues, compare, reset, start, markSaved, refetch]);

  /** After taking theirs: the person's own values back in the form, as changes to save. */
  const restoreMine = useCallback(() => {
    if (!dropped) return;
    for (const difference of dropped.found)
      if (difference.changedBy !== 'theirs')
        setValue(difference.name, difference.mine, { shouldDirty: true });
    setDropped(null);
  }, [dropped, setValue]);

  /** The person dismissed the values they had before taking theirs. */
  const forget = useCallback(() => setDropped(null), []);

  const mergeValues = useCallback(() => {
    if (!conflict?.theirs) return;
    const { theirs } = conflict;
    const found = compare(theirs);
    const values = merge(getValues(), found, picks);
    for (const difference of found) setValue(difference.name, values[difference.name]);
    // What the merge kept of the person's own is still their change to save.
    const kept = found.filter((difference) => values[difference.name] === difference.mine);
    start(
      theirs,
      kept.map((difference) => difference.name),
    );
    setConflict(null);
    setMerged(true);
  }, [conflict, compare, getValues, picks, setValue, start]);

  const keepMine = useCallback(() => {
    if (!conflict?.theirs) return;
    start(conflict.theirs, changed());
    setConflict(null);
    setResave((count) => count + 1);
  }, [conflict, start, changed]);

  const pick = useCallback(
    (name: string, side: Side) => setPicks((now) => ({ ...now, [name]: side })),
    [],
  );

  return {
    conflict,
    picks,
    pick,
    dropped,
    merged,
    resave,
    open,
    review,
    close,
    retry,
    takeTheirs,
    restoreMine,
    forget,
    mergeValues,
    keepMine,
  };
}

export type ConflictState = ReturnType<typeof useConflict>;
