import type { ComponentType, ReactNode } from 'react';
import type { ListProps } from './ResourceList';

// What features hand the generic pages (src/features/index.ts `extend`): a module of its own, so
// that the routes and the pages that read it do not import each other.

/** What a form add-on gets: the values as they stand, and a way to set some. */
export interface FormAddonProps {
  values: Record<string, unknown>;
  setValue: (name: string, value: unknown) => void;
  /** The record being edited (none while creating). */
  id?: number;
}

type Row = Record<string, unknown> & { id: number };

/** A feature's part of a form; a preloadable one loads with the form's chunk. */
type FormPart = ComponentType<FormAddonProps> & { preload?: () => Promise<unknown> };

/** A bulk action's input, asked in its confirmation (e.g. which app, allowed or not). */
export interface BulkInputProps {
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
}

/**
 * What a feature adds to a list's bulk bar (ListProps.bulk): inputs of declared bulk actions
 * that take one, its own server routes, and tasks the dashboard itself runs per selected record (a download), asked
 * about and reported like the declared ones; labelled `resources.<name>.actions.<task>.*`.
 */
export interface BulkExtension {
  inputs?: Readonly<Record<string, ComponentType<BulkInputProps>>>;
  /**
   * Bulk actions a server feature serves at `POST /<name>/bulk/<key>` (the same body and answer
   * as the declared ones'), e.g. archiving hotels; `danger` marks a destructive one.
   */
  routes?: Readonly<Record<string, { danger?: boolean }>>;
  tasks?: Readonly<Record<string, { run: (record: Row) => Promise<void>; available?: boolean }>>;
}

/** What a feature adds to a generated resource's pages. */
export interface ResourceExtension {
  rowActions?: ListProps['rowActions'];
  /** Inputs and own tasks of the list's bulk bar (BulkExtension). */
  bulk?: BulkExtension;
  showActions?: (record: Row) => ReactNode;
  /**
   * The show page's own view of some fields (an audit entry's changes as a readable diff): those
   * fields are left out of the generic details, and `render` is shown below them.
   */
  showContent?: { fields: readonly string[]; render: (record: Row) => ReactNode };
  /** Shown above the create and edit forms' fields; keep it lazy (preloadable) if it is heavy. */
  formAddon?: FormPart;
  /** Shown beside the create and edit forms (a live preview); keep it lazy (preloadable). */
  formAside?: FormPart;
  /** Beside the create form only, instead of formAside (a new hotel's guest-app preview). */
  createAside?: FormPart;
  /** Shown with Open, Edit and Create another once a create flow made the record. */
  createdActions?: (record: Row) => ReactNode;
  /** Pictures of a select field's options, by field name: the input becomes picture cards. */
  optionPictures?: Readonly<Record<string, (option: string) => ReactNode>>;
  /** What the edit page shows in the declaration's tabs, by tab key (e.g. a hotel's branding). */
  tabs?: (record: Row) => Record<string, ReactNode>;
  /**
   * A feature's own page at /dashboard/<route> (behind the list permission) instead of the
   * redirect to the list; an index route outranks a plain route of the same path.
   */
  indexElement?: ReactNode;
  /**
   * A feature's own create and edit pages (behind the create and edit permissions) instead of
   * the generated form, e.g. the form builder; the routes stay the declaration's.
   */
  createElement?: ReactNode;
  editElement?: ReactNode;
}
