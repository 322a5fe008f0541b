import { useDelete, type BaseKey } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../providers/toasts';

/**
 * Deleting records of a resource, one at a time, with the product's toasts: one for a whole
 * list (its rows share it instead of each holding a mutation of its own). `deleted`: the i18n
 * key of the success toast, given `{ name }` (a member is removed, not deleted).
 */
export function useDeleteRecord(resource: string, deleted = 'crud.deleted') {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const { mutateAsync: deleteOne } = useDelete();
  const [pending, setPending] = useState<ReadonlySet<BaseKey>>(() => new Set());
  const settle = (id: BaseKey) =>
    setPending((now) => new Set([...now].filter((other) => other !== id)));
  const remove = useCallback(
    async (id: BaseKey, name: string, onDeleted?: () => void) => {
      setPending((now) => new Set(now).add(id));
      try {
        await deleteOne({
          resource,
          id,
          successNotification: () => ({ type: 'success', message: t(deleted, { name }) }),
          errorNotification: false,
        });
      } catch (error) {
        notification.error({
          message: t('crud.deleteFailed'),
          description: (error as Error).message,
        });
        return;
      } finally {
        settle(id);
      }
      // After the promise, not in mutate's own onSuccess: Refine drops the deleted record's query
      // on success, the page showing it refetches (404) and unmounts the button, and a mutate
      // callback of an unmounted component never runs: the show page stayed on "not found".
      onDeleted?.();
    },
    [deleteOne, deleted, notification, resource, t],
  );
  return { remove, pending };
}
