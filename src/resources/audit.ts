import { manager } from '../schema/access';
import { dateTime, json, number, select, text } from '../schema/fields';
import { defineResource } from '../schema/resource';

/** What an audit entry records: a pipeline write, or an event of an account or a session. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'action',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'login-as',
  'login-as-refused',
  'password-change',
  'password-reset',
  'email-change',
  'email-verification',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One changed field of an update: its values before and after, or `changed` alone for a secret
 * (never its value); `summary` when a value was shortened (rich text, long texts, large lists).
 */
export interface AuditChange {
  field: string;
  before?: unknown;
  after?: unknown;
  changed?: true;
  summary?: true;
}

/** One person in a session's chain: the administrator behind a login-as first, the actor last. */
export interface AuditPerson {
  id: number;
  name: string;
}

/**
 * The audit log (issue 28): one entry per write through the pipeline and per account event,
 * written by the API in the same transaction as the change (mock-server/audit). Read-only
 * through the API for everyone: administrators read every entry, a hotel the entries about its
 * own records and account (`ownerId`: the hotel the entry is about). Old entries are removed
 * after AUDIT_RETENTION_DAYS.
 */
export const audit = defineResource({
  name: 'audit',
  route: 'activity',
  menu: { group: 'general', icon: 'file', items: ['list'] },
  owned: true,
  // The hotel's Activity is its managers' to read (issue 40).
  access: { read: manager() },
  labelField: 'recordLabel',
  defaultSort: { field: 'at', order: 'desc' },
  fields: {
    at: dateTime({ readOnly: true, list: { sort: true, filter: true, phone: true } }),
    action: select({
      options: AUDIT_ACTIONS,
      readOnly: true,
      list: { filter: true, sort: true, phone: true },
    }),
    actorName: text({ readOnly: true, max: 300, list: { search: true, sort: true, phone: true } }),
    actorId: number({ readOnly: true, integer: true, list: { filter: true, hidden: true } }),
    /** The administrator behind a login-as session (the first of its chain). */
    behindName: text({ readOnly: true, max: 300, list: { search: true } }),
    behindId: number({ readOnly: true, integer: true, list: { filter: true, hidden: true } }),
    /** Who is behind whom: `AuditPerson[]`, the real administrator first, the actor last. */
    chain: json({ list: { none: true } }),
    /** The declared resource the entry is about, read as its title. */
    resource: text({
      readOnly: true,
      max: 100,
      names: 'resource',
      list: { filter: true, sort: true },
    }),
    recordId: number({ readOnly: true, integer: true, list: { filter: true, hidden: true } }),
    /** The record's label when the entry was written. */
    recordLabel: text({ readOnly: true, max: 300, list: { search: true } }),
    /** A declared action's name (`refund`, `sync`, `connect`). */
    name: text({ readOnly: true, max: 100, list: { filter: true, hidden: true } }),
    /** The record's version after the write (issue 38: a `412` names the writes since). */
    recordVersion: number({ readOnly: true, integer: true, list: { none: true } }),
    /** An update's changed fields: `AuditChange[]`. */
    changes: json({ list: { none: true } }),
    /** Why a sign-in or a login-as was refused; what an action did. */
    detail: text({ readOnly: true, max: 500, list: { hidden: true } }),
    /** What a declared action did beyond its record (`ActionDetails`: which app, which value). */
    details: json({ list: { none: true } }),
  },
});
