import { useInvalidate, type BaseKey, type HttpError } from '@refinedev/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../providers/toasts';

/**
 * A save with no form to hold a conflict panel (a status changed in one click, a dialog's
 * switch): on `412` it tells the person that someone else changed the record meanwhile (the
 * API's words: who and when) and loads the record again, so they see what is stored now and
 * choose again. Answers whether the failure was such a refusal (issue 38).
 */
export function useStaleNotice() {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const invalidate = useInvalidate();
  return useCallback(
    (error: unknown, refresh: { resource: string; id?: BaseKey }): boolean => {
      if ((error as HttpError | undefined)?.statusCode !== 412) return false;
      notification.warning({
        message: t('conflicts.staleTitle'),
        description: `${(error as HttpError).message} ${t('conflicts.staleHelp')}`,
      });
      void invalidate({
        resource: refresh.resource,
        id: refresh.id,
        invalidates: refresh.id === undefined ? ['list', 'many'] : ['list', 'many', 'detail'],
      });
      return true;
    },
    [t, notification, invalidate],
  );
}
