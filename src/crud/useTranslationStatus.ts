import { useDataProvider } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Resource } from '../schema/resource';
import { getManyOnce } from './referenceLabels';
import type { User } from '../schema/user';

type Row = Record<string, unknown> & { id: number };

/** The first part of the tags' query key: `[TRANSLATION_STATUS, resource name, …]`. */
export const TRANSLATION_STATUS = 'translation-status';

/** One language version of an item: its record and whether it still needs a translation. */
export interface Translation {
  id: number;
  needsTranslation: boolean;
}

/** Which languages each group (an item and its translations) exists in, and each owner's languages. */
export function useTranslationStatus(resource: Resource, records: Row[], actor: User | undefined) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const groups = [
    ...new Set(
      records.map((record) => record.groupId).filter((id): id is string => typeof id === 'string'),
    ),
  ].sort();
  const owners = [
    ...new Set(
      records.map((record) => record.ownerId).filter((id): id is number => typeof id === 'number'),
    ),
  ].sort();
  const admin = Boolean(actor?.isAdmin || actor?.isSuperAdmin);
  const { data } = useQuery({
    queryKey: [TRANSLATION_STATUS, resource.name, groups, admin ? owners : actor?.id],
    enabled: Boolean(resource.localized && actor && groups.length),
    queryFn: async () => {
      const { data: siblings } = await dataProvider().getList({
        resource: resource.name,
        filters: [{ field: 'groupId', operator: 'eq', value: groups }],
        pagination: { mode: 'off' },
      });
      const present = new Map<string, Map<string, Translation>>();
      for (const row of siblings) {
        const versions = present.get(String(row.groupId)) ?? new Map<string, Translation>();
        versions.set(String(row.locale), {
          id: Number(row.id),
          needsTranslation: row.needsTranslation === true,
        });
        present.set(String(row.groupId), versions);
      }
      const ownerLocales = new Map<number, readonly string[]>();
      if (admin && owners.length) {
        const users = await getManyOnce(queryClient, dataProvider(), 'users', owners);
        for (const user of users)
          ownerLocales.set(Number(user.id), (user as unknown as User).locales);
      } else if (actor) {
        ownerLocales.set(actor.id, actor.locales);
      }
      return { present, ownerLocales };
    },
  });
  // A new function only with a new answer: the list's columns are memoized on it.
  return useCallback(
    (record: Row) => ({
      locales: data?.ownerLocales.get(Number(record.ownerId)) ?? [],
      present: data?.present.get(String(record.groupId)) ?? new Map<string, Translation>(),
    }),
    [data],
  );
}

/** Whether an item exists in a language, and whether its text there is translated. */
export const translationState = (
  present: ReadonlyMap<string, Translation>,
  lng: string,
): 'present' | 'untranslated' | 'missing' => {
  const version = present.get(lng);
  return !version ? 'missing' : version.needsTranslation ? 'untranslated' : 'present';
};
