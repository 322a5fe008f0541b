import type { HttpError } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../providers/toasts';

/**
 * One offboarding request at a time: `busy` while it runs, its success message as a toast, and
 * a failure as the one "could not" toast with the server's reason.
 */
export function useOffboardingCall() {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const [busy, setBusy] = useState(false);
  const run = async <T>(request: () => Promise<T>, done: (answer: T) => string) => {
    setBusy(true);
    try {
      notification.success({ message: done(await request()) });
    } catch (failure) {
      notification.error({
        message: t('offboarding.failed'),
        description: (failure as HttpError).message,
      });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
