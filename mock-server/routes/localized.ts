import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { resourceByName, resources } from '../../src/resources';
import type { ReferenceField } from '../../src/schema/fields';
import { isLocale, LOCALES, type Locale } from '../../src/schema/locales';
import { can, isAdministrator, type ResourceDeclaration } from '../../src/schema/resource';
import { currentUser } from '../auth/session';
import type { AppContext } from '../context';
import { asyncHandler, HttpError, parseBody } from '../http/errors';
import { resourceNames } from '../http/messages';
import { nextPosition } from './resources';
import type { StoredUser } from '../store/types';
import { TranslationError } from '../translate';

type Row = Record<string, unknown> & { id: number };

const syncBody = z.object({
  locale: z.enum(LOCALES, { error: 'Choose one of the content languages' }),
  ownerId: z.number().int().positive().optional(),
});

const reorderBody = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of record ids' })
    .min(1, 'ids must not be empty')
    .max(500, 'At most 500 records can be reordered at once')
    .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat'),
});

/** Whose content a call is about: the operator's own, or the operator an administrator names. */
function ownerFor(ctx: AppContext, actor: StoredUser, ownerId: number | undefined): StoredUser {
  if (!isAdministrator(actor)) return actor;
  const owner = ownerId === undefined ? undefined : ctx.store.getUserById(ownerId);
  if (!owner || owner.role !== 'operator') {
    throw new HttpError(422, 'Validation failed', {
      ownerId: ['Choose the hotel whose content to sync'],
    });
  }
  return owner;
}

const referenceFields = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields).filter(
    (entry): entry is [string, ReferenceField] =>
      entry[1].kind === 'reference' && Boolean(resourceByName(entry[1].resource)?.localized),
  );

const translatableFields = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields)
    .filter(([, field]) => field.translatable)
    .map(([name]) => name);

/**
 * Plans the copies Sync creates, without writing: for each source record and target language
 * whose group has no record there, a copy in that language; references are remapped to the
 * same group's record in the target language, planned first when it is missing too.
 */
function planSync(
  ctx: AppContext,
  resource: ResourceDeclaration,
  owner: StoredUser,
  from: Locale,
  targets: Locale[],
) {
  const planned = new Map<string, { resource: ResourceDeclaration; row: Row; to: Locale }>();
  const nextIds = new Map<string, number>();
  const rowsOf = (name: string) => (ctx.store.records(name) ?? []) as Row[];
  const nextId = (name: string) => {
    const id =
      (nextIds.get(name) ?? rowsOf(name).reduce((max, row) => Math.max(max, row.id), 0)) + 1;
    nextIds.set(name, id);
    return id;
  };

  const ensure = (declaration: ResourceDeclaration, source: Row, to: Locale): number => {
    const key = `${declaration.name}|${String(source.groupId)}|${to}`;
    const existing = rowsOf(declaration.name).find(
      (row) => row.ownerId === owner.id && row.groupId === source.groupId && row.locale === to,
    );
    if (existing) return existing.id;
    const already = planned.get(key);
    if (already) return already.row.id;
    const { id: _id, createdAt: _c, updatedAt: _u, needsTranslation: _n, ...copy } = source;
    const row: Row = { ...copy, id: nextId(declaration.name), locale: to };
    planned.set(key, { resource: declaration, row, to });
    for (const [name, field] of referenceFields(declaration)) {
      const target = rowsOf(field.resource).find((candidate) => candidate.id === source[name]);
      const referenced = resourceByName(field.resource);
      if (target && referenced) row[name] = ensure(referenced, target, to);
    }
    return row.id;
  };

  const sources = rowsOf(resource.name).filter(
    (row) => row.ownerId === owner.id && row.locale === from,
  );
  for (const to of targets) for (const source of sources) ensure(resource, source, to);
  return [...planned.values()];
}

/** Translates the planned copies' translatable texts, one batch per language; all or nothing. */
async function translatePlan(ctx: AppContext, plan: ReturnType<typeof planSync>, from: Locale) {
  for (const to of new Set(plan.map((entry) => entry.to))) {
    const slots: { row: Row; field: string }[] = [];
    for (const entry of plan.filter((item) => item.to === to)) {
      for (const field of translatableFields(entry.resource)) {
        if (typeof entry.row[field] === 'string' && entry.row[field] !== '')
          slots.push({ row: entry.row, field });
      }
    }
    const texts = await ctx.translator.translate(
      slots.map(({ row, field }) => row[field] as string),
      from,
      to,
    );
    slots.forEach(({ row, field }, index) => (row[field] = texts[index]));
  }
  // Without a translation service the copies keep the source text until someone edits them.
  if (!ctx.translator.translates) for (const entry of plan) entry.row.needsTranslation = true;
}

/** POST /<name>/sync and POST /<name>/reorder for localized and orderable resources. */
export function localizedRoutes(ctx: AppContext): Router {
  const router = Router();
  const stamp = () => new Date(ctx.now()).toISOString();

  for (const resource of resources.filter((item) => item.localized)) {
    router.post(
      `/${resource.name}/sync`,
      asyncHandler(async (req: Request, res: Response) => {
        const actor = currentUser(res);
        if (!can(resource, 'create', actor))
          throw new HttpError(403, 'You are not allowed to do this');
        const body = parseBody(syncBody, req.body);
        const owner = ownerFor(ctx, actor, body.ownerId);
        if (!owner.locales.includes(body.locale)) {
          throw new HttpError(422, 'Validation failed', {
            locale: ['This language is not one of the hotel’s languages'],
          });
        }
        const targets = owner.locales.filter(
          (lng): lng is Locale => isLocale(lng) && lng !== body.locale,
        );
        const plan = planSync(ctx, resource, owner, body.locale, targets);
        try {
          await translatePlan(ctx, plan, body.locale);
        } catch (error) {
          if (!(error instanceof TranslationError)) throw error;
          const { plural } = resourceNames(resource.name);
          throw new HttpError(
            502,
            `An error occurred while syncing the ${plural.toLowerCase()}: ${error.message}`,
          );
        }
        // Everything is translated: only now does anything get written, in one go. Other calls
        // may have written while the texts were away, so a copy whose record exists by now is
        // left out, and ids are taken only now (planned ids are remapped in references).
        const created: Record<string, Record<string, number>> = {};
        const finalIds = new Map<string, Map<number, number>>();
        const written = new Set<Row>();
        for (const { resource: declaration, row, to } of plan) {
          const rows = ctx.store.records(declaration.name) as Row[];
          const present = rows.find(
            (other) =>
              other.ownerId === owner.id && other.groupId === row.groupId && other.locale === to,
          );
          const id = present?.id ?? rows.reduce((max, other) => Math.max(max, other.id), 0) + 1;
          if (!finalIds.has(declaration.name)) finalIds.set(declaration.name, new Map());
          finalIds.get(declaration.name)!.set(row.id, id);
          if (present) continue;
          row.id = id;
          // A copy keeps its source's place where that is free in the target list, else goes last.
          const taken = (position: unknown) =>
            rows.some(
              (other) =>
                other.ownerId === owner.id && other.locale === to && other.position === position,
            );
          if (declaration.orderable && (row.position === undefined || taken(row.position))) {
            row.position = nextPosition(rows, row);
          }
          if (declaration.timestamps) row.createdAt = row.updatedAt = stamp();
          rows.push(row);
          written.add(row);
          const perLocale = (created[declaration.name] ??= Object.fromEntries(
            targets.map((lng) => [lng, 0]),
          ));
          perLocale[to] = (perLocale[to] ?? 0) + 1;
        }
        for (const { resource: declaration, row } of plan) {
          if (!written.has(row)) continue;
          for (const [name, field] of referenceFields(declaration)) {
            const id = finalIds.get(field.resource)?.get(row[name] as number);
            if (id !== undefined) row[name] = id;
          }
        }
        if (written.size) ctx.store.write();
        res.json({
          locale: body.locale,
          created: created[resource.name] ?? Object.fromEntries(targets.map((lng) => [lng, 0])),
          related: Object.fromEntries(
            Object.entries(created).filter(([name]) => name !== resource.name),
          ),
          translated: ctx.translator.translates,
        });
      }),
    );
  }

  for (const resource of resources.filter((item) => item.orderable)) {
    router.post(
      `/${resource.name}/reorder`,
      asyncHandler(async (req: Request, res: Response) => {
        const actor = currentUser(res);
        if (!can(resource, 'edit', actor))
          throw new HttpError(403, 'You are not allowed to do this');
        const { ids } = parseBody(reorderBody, req.body);
        const rows = (ctx.store.records(resource.name) ?? []) as Row[];
        const chosen = ids.map((id) => {
          const row = rows.find((candidate) => candidate.id === id);
          // Another tenant's record is as absent as a missing one; nothing moves.
          if (!row || (resource.owned && !isAdministrator(actor) && row.ownerId !== actor.id)) {
            throw new HttpError(404, `Record ${id} not found`);
          }
          return row;
        });
        // The rows swap the places they hold among themselves; other rows keep theirs. Each list
        // (owner and language) on its own: an administrator's page may mix several.
        const lists = new Map<string, Row[]>();
        for (const row of chosen) {
          const key = `${String(row.ownerId)}|${String(row.locale)}`;
          lists.set(key, [...(lists.get(key) ?? []), row]);
        }
        for (const list of lists.values()) {
          const places = list.map((row) => Number(row.position ?? 0)).sort((a, b) => a - b);
          const distinct = new Set(places).size === places.length;
          list.forEach(
            (row, index) => (row.position = distinct ? places[index] : (places[0] ?? 0) + index),
          );
        }
        ctx.store.write();
        res.json({
          ids: chosen.map((row) => row.id),
          positions: chosen.map((row) => row.position),
        });
      }),
    );
  }
  return router;
}
