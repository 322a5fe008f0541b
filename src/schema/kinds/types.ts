import type { z } from 'zod';
import type { Field, FieldKind } from '../fields';

/** The declaration type of one kind, e.g. `FieldOf<'money'>` is `NumberField`. */
export type FieldOf<K extends FieldKind> = Field extends infer F
  ? F extends { kind: infer U }
    ? K extends U
      ? F
      : never
    : never
  : never;

/** What formatting a value needs: the interface language and the resource's texts. */
export interface DisplayContext {
  language: string;
  /** `crud.yes`, `languages.nl`, …: the interface's own texts. */
  t: (key: string) => string;
  /** An option's label in the interface language. */
  optionLabel: (value: string) => string;
  /** A referenced record's label, when known. */
  label?: string;
  /** The owner's currency (ISO 4217) for money; EUR when unknown. */
  currency?: string;
}

/** One option of a list filter. */
export interface FilterOption {
  value: string | number | boolean;
  label: string;
}

/**
 * Everything the engine knows about one field kind that is not React: its rule, its empty value,
 * how a person reads a value (list cell, show page, CSV), its list filter, and what the server
 * does to a valid value before storing it. The dashboard's side (input, cell, show) is the
 * matching entry in src/crud/kinds. Adding a kind = a module here + one line in ./index.ts
 * (and its widgets in src/crud/kinds); TypeScript refuses a kind missing on either side.
 */
export interface KindModule<F extends Field = Field> {
  /** The rule for a present value, built with the `z` it is handed (see {@link RuleTools}). */
  rule(field: F, tools: RuleTools): z.ZodType;
  /** A new record's value when the declaration gives no default (`emptyOf` for parts). */
  empty(field: F, emptyOf: (field: Field) => unknown): unknown;
  /** Stored as a string: an emptied optional value is '' rather than null. */
  stringLike?: boolean;
  /**
   * What a person reads, in the interface language ('' for no value is handled by the engine);
   * `textOf` reads a part (items, group) the same way.
   */
  text?(
    field: F,
    value: unknown,
    ctx: DisplayContext,
    textOf: (field: Field, value: unknown) => string,
  ): string;
  /** The choices a list filter offers; none means a text/reference filter or none at all. */
  filterOptions?(field: F, ctx: Pick<DisplayContext, 't' | 'optionLabel'>): FilterOption[];
  /** Filtered by a from–to range (dates) rather than one value. */
  rangeFilter?: boolean;
  /** Left out of CSV exports (raw structures nobody reads in a spreadsheet). */
  noExport?: boolean;
  /**
   * The server's last step before storing a valid value (e.g. sanitising HTML). May load a
   * library lazily: the dashboard never calls it, so the library stays out of its bundle.
   */
  normalize?(value: unknown, field: F): unknown;
}

/**
 * The part of zod the rules use: named one by one (the whole namespace, handed over as a value,
 * would keep all of zod in the build).
 */
export type RuleZod = Pick<
  typeof z,
  'array' | 'boolean' | 'email' | 'enum' | 'number' | 'object' | 'string' | 'unknown'
> & { iso: Pick<typeof z.iso, 'datetime'> };

/**
 * What a rule is built with: zod itself, handed over by the validation (src/schema/validation.ts)
 * rather than imported here, so that a list, which displays values and checks none, does not
 * load zod with the kinds; and `sub`, the rule of a nested field (items, group).
 */
export interface RuleTools {
  z: RuleZod;
  sub: (field: Field) => z.ZodType;
}

/** A kind's module, typed for the fields of that kind. */
export const defineKind = <F extends Field>(module: KindModule<F>): KindModule<F> => module;
