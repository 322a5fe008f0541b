import type { AuditLog } from '../audit';
import type { z } from 'zod';
import { isAdministrator, type Actor } from '../../src/schema/access';
import type { Field, ReferenceField } from '../../src/schema/fields';
import { isLocale, type Locale } from '../../src/schema/locales';
import type { syncInput } from '../../src/schema/actionInputs';
import type { Resource } from '../../src/schema/resource';
import { message } from '../../src/schema/messages';
import { sanitizeRichText } from '../../src/schema/richText';
import type { StoredRecord } from '../../src/schema/store';
import { HttpError } from '../http/errors';
import type { Store } from '../store/port';
import { TranslationError, type Translator } from '../translate';
import { nextPosition } from './service';

type Row = Record<string, unknown> & { id: number };
interface Planned {
  resource: Resource;
  row: Row;
  to: Locale;
}

const localizedReferences = (registry: readonly Resource[], resource: Resource) =>
  (
    Object.entries(resource.fields).filter(([, field]) => field.kind === 'reference') as [
      string,
      ReferenceField,
    ][]
  ).filter(([, field]) => registry.find((other) => other.name === field.resource)?.localized);

/** A text Sync translates: where it is held (a record, a sub-record) and under which key. */
interface Slot {
  holder: Record<string, unknown>;
  key: string;
  html: boolean;
}

/**
 * The translatable texts of a record: its translatable fields, and the translatable parts of its
 * sub-records (a form's field labels and option texts) and groups, however deep.
 */
function translatableSlots(fields: Record<string, Field>, holder: Record<string, unknown>): Slot[] {
  return Object.entries(fields).flatMap(([key, field]): Slot[] => {
    const value = holder[key];
    if (field.kind === 'items' && Array.isArray(value)) {
      return value.flatMap((row) =>
        typeof row === 'object' && row !== null
          ? translatableSlots(field.of, row as Record<string, unknown>)
          : [],
      );
    }
    if (field.kind === 'group' && typeof value === 'object' && value !== null) {
      return translatableSlots(field.of, value as Record<string, unknown>);
    }
    if (!field.translatable || typeof value !== 'string' || value === '') return [];
    return [{ holder, key, html: field.kind === 'richText' }];
  });
}

/** Whose content a call is about: the operator's own, or the operator an administrator names. */
async function ownerFor(store: Store, actor: Actor, ownerId: number | undefined) {
  if (actor && !isAdministrator(actor)) return (await store.get('users', actor.id))!;
  const owner = ownerId === undefined ? undefined : await store.get('users', ownerId);
  if (!owner || owner.role !== 'operator') {
    throw new HttpError(422, 'Validation failed', {
      ownerId: [message('apiErrors.chooseSyncHotel')],
    });
  }
  return owner;
}

/**
 * Plans the copies Sync creates, without writing: for each source record and target language
 * whose group has no record there, a copy in that language; references are remapped to the
 * same group's record in the target language, planned first when it is missing too. Planned
 * ids are negative until the write gives real ones.
 */
async function plan(
  store: Store,
  registry: readonly Resource[],
  resource: Resource,
  ownerId: number,
  from: Locale,
  targets: Locale[],
  /** Only this item (one translation group). */
  groupId?: string,
): Promise<Planned[]> {
  const planned = new Map<string, Planned>();
  const cache = new Map<string, StoredRecord[]>();
  const rowsOf = async (name: string) => {
    if (!cache.has(name)) cache.set(name, await store.find(name, { ownerId }));
    return cache.get(name)!;
  };
  let provisional = 0;

  const ensure = async (declaration: Resource, source: Row, to: Locale): Promise<number> => {
    const key = `${declaration.name}|${String(source.groupId)}|${to}`;
    const existing = (await rowsOf(declaration.name)).find(
      (row) => row.groupId === source.groupId && row.locale === to,
    );
    if (existing) return existing.id;
    const already = planned.get(key);
    if (already) return already.row.id;
    const { createdAt: _c, updatedAt: _u, needsTranslation: _n, ...copy } = source;
    // A deep copy: translating a sub-record's text must not touch the source's.
    const row: Row = { ...structuredClone(copy), id: --provisional, locale: to };
    planned.set(key, { resource: declaration, row, to });
    for (const [name, field] of localizedReferences(registry, declaration)) {
      const target = (await rowsOf(field.resource)).find(
        (candidate) => candidate.id === source[name],
      );
      const referenced = registry.find((other) => other.name === field.resource);
      if (target && referenced) row[name] = await ensure(referenced, target, to);
    }
    return row.id;
  };

  const sources = (await rowsOf(resource.name)).filter(
    (row) => row.locale === from && (groupId === undefined || row.groupId === groupId),
  );
  for (const to of targets) for (const source of sources) await ensure(resource, source, to);
  return [...planned.values()];
}

/**
 * Translates the planned copies' translatable texts, one batch per language and format (rich
 * text as HTML, so its markup survives); all or nothing. Translated HTML comes from outside, so
 * it is sanitised again before it is stored.
 */
async function translate(translator: Translator, planned: Planned[], from: Locale) {
  for (const to of new Set(planned.map((entry) => entry.to))) {
    for (const format of ['text', 'html'] as const) {
      const slots = planned
        .filter((item) => item.to === to)
        .flatMap((entry) => translatableSlots(entry.resource.fields, entry.row))
        .filter((slot) => slot.html === (format === 'html'));
      if (format === 'html' && slots.length === 0) continue;
      const texts = await translator.translate(
        slots.map(({ holder, key }) => holder[key] as string),
        from,
        to,
        { format },
      );
      const stored = format === 'html' ? await Promise.all(texts.map(sanitizeRichText)) : texts;
      slots.forEach(({ holder, key }, index) => (holder[key] = stored[index]));
    }
  }
  // Without a translation service the copies keep the source text until someone edits them:
  // marked, and kept from the guests (a draft page, an inactive amenity) until then.
  if (translator.translates) return;
  for (const { resource, row } of planned) {
    row.needsTranslation = true;
    if (resource.shownToGuests) row[resource.shownToGuests] = false;
  }
}

/**
 * The engine's Sync action for localized resources: creates, for every other language of the
 * owner, the items of `locale` missing there, translated, in one transaction.
 */
export async function sync(
  ctx: {
    store: Store;
    resources: readonly Resource[];
    translator: Translator;
    now: () => number;
    audit?: AuditLog;
  },
  resource: Resource,
  actor: Actor,
  input: z.output<typeof syncInput>,
) {
  const { store, resources: registry, translator } = ctx;
  const owner = await ownerFor(store, actor, input.ownerId);
  const languages = (owner.locales as unknown[]).filter(isLocale);
  if (!languages.includes(input.locale)) {
    throw new HttpError(422, 'Validation failed', {
      locale: [message('validation.notHotelLanguage')],
    });
  }
  const targets = languages.filter(
    (lng) => lng !== input.locale && (!input.to || input.to.includes(lng)),
  );
  const planned = await plan(
    store,
    registry,
    resource,
    owner.id,
    input.locale,
    targets,
    input.groupId,
  );
  try {
    await translate(translator, planned, input.locale);
  } catch (error) {
    if (!(error instanceof TranslationError)) throw error;
    // One item's Sync is about "the page", a whole language's about "the pages" (spec §8). The
    // reason is the translation service's own (technical) explanation.
    const failed = input.groupId ? 'apiErrors.syncFailedOne' : 'apiErrors.syncFailedAll';
    throw new HttpError(502, message(failed, { resource: resource.name, reason: error.message }));
  }
  // Everything is translated: only now is anything written, in one transaction. Another call may
  // have written while the texts were away, so a copy whose record exists by now is left out.
  const stamp = new Date(ctx.now()).toISOString();
  // Counted inside the work: a store may run it again after a conflict (PostgreSQL).
  const created = await store.transaction(async (tx) => {
    const created: Record<string, Record<string, number>> = {};
    const finalIds = new Map<number, number>();
    const written: Planned[] = [];
    for (const entry of planned) {
      const { resource: declaration, row, to } = entry;
      const [present] = await tx.find(declaration.name, {
        ownerId: owner.id,
        groupId: String(row.groupId),
        locale: to,
      });
      if (present) {
        finalIds.set(row.id, present.id);
        continue;
      }
      const { id: provisional, ...data } = row;
      // A copy keeps its source's place where that is free in the target list, else goes last.
      if (declaration.orderable) {
        const taken = await tx.find(declaration.name, {
          ownerId: owner.id,
          locale: to,
          position: (data.position ?? null) as number,
        });
        if (data.position === undefined || taken.length) {
          data.position = await nextPosition(tx, declaration, data);
        }
      }
      if (declaration.timestamps) data.createdAt = data.updatedAt = stamp;
      const stored = await tx.insert(declaration.name, data);
      finalIds.set(provisional, stored.id);
      written.push({ ...entry, row: stored });
      const perLocale = (created[declaration.name] ??= Object.fromEntries(
        targets.map((lng) => [lng, 0]),
      ));
      perLocale[to] = (perLocale[to] ?? 0) + 1;
    }
    for (const { resource: declaration, row } of written) {
      for (const [name] of localizedReferences(registry, declaration)) {
        const id = finalIds.get(row[name] as number);
        if (id !== undefined && id !== row[name])
          await tx.update(declaration.name, row.id, { [name]: id });
      }
    }
    await ctx.audit?.write(tx, {
      action: 'action',
      actor,
      name: 'sync',
      resource: resource.name,
      hotelId: owner.id,
      detail: input.locale,
    });
    return created;
  });
  return {
    locale: input.locale,
    created: created[resource.name] ?? Object.fromEntries(targets.map((lng) => [lng, 0])),
    related: Object.fromEntries(Object.entries(created).filter(([name]) => name !== resource.name)),
    translated: translator.translates,
  };
}
