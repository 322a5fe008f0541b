import type { Coordinates, Field } from './fields';
import type { Locale } from './locales';

/**
 * Record types inferred from declarations (Payload generates them; here the compiler does), so
 * the server, the features and the seed share one source: `RecordOf<typeof amenities>`.
 */
type ValueOf<F> = F extends { kind: 'number' | 'money' | 'reference' }
  ? number
  : F extends { kind: 'boolean' }
    ? boolean
    : F extends { kind: 'select'; options: readonly (infer O)[] }
      ? O
      : F extends { kind: 'multiSelect'; options: readonly (infer O)[] }
        ? O[]
        : F extends { kind: 'locale' }
          ? Locale
          : F extends { kind: 'locales' }
            ? Locale[]
            : F extends { kind: 'coordinates' }
              ? Coordinates | null
              : F extends { kind: 'items'; of: infer O }
                ? FieldValues<O>[]
                : F extends { kind: 'json' }
                  ? unknown
                  : string;

/**
 * The stored value of each field. (Whether a field is required is not part of its type once a
 * builder has made it, so optional values are typed as present; the API stores '' or null.)
 */
export type FieldValues<Fs> = { [K in keyof Fs]: ValueOf<Fs[K]> };

interface Shape {
  fields: Record<string, Field>;
  owned?: boolean;
  localized?: boolean;
  timestamps?: boolean;
}

/** A stored record of a declared resource: its fields and the engine's own. */
export type RecordOf<D extends Shape> = { id: number } & FieldValues<D['fields']> &
  (D['owned'] extends true ? { ownerId: number } : unknown) &
  (D['localized'] extends true ? { groupId: string; needsTranslation?: boolean } : unknown) &
  (D['timestamps'] extends true ? { createdAt: string; updatedAt: string } : unknown);
