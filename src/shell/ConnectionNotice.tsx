import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreachable } from '../providers/connection';
import { apiUrl, request } from '../providers/http';

/** How often the API is asked whether it is back while it cannot be reached. */
export const PROBE_MS = 3_000;

/**
 * "Cannot reach the server, retrying" while the API cannot be reached — the session's check, or a
 * read the page waits for, got no answer or a 502/503/504 (a database outage answers 503). The
 * user stays signed in and where they are; the API is asked until it answers, and then what
 * failed on the page is fetched again, without a reload.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const unreachable = useUnreachable();
  const queryClient = useQueryClient();
  const wasUnreachable = useRef(false);

  useEffect(() => {
    if (!unreachable) {
      // Back: what the page could not load comes now.
      if (wasUnreachable.current)
        void queryClient.refetchQueries({
          type: 'active',
          predicate: (query) => query.state.status === 'error',
        });
      wasUnreachable.current = false;
      return;
    }
    wasUnreachable.current = true;
    // Any answer of the API clears the notice (http.ts); a failure keeps it.
    const probe = setInterval(() => request(apiUrl('/ready')).catch(() => undefined), PROBE_MS);
    return () => clearInterval(probe);
  }, [unreachable, queryClient]);

  if (!unreachable) return null;
  return (
    <div
      style={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1100,
        width: 'min(560px, calc(100vw - 32px))',
      }}
    >
      <Alert
        role="alert"
        type="warning"
        showIcon
        message={t('connection.unreachable')}
        description={t('connection.retrying')}
      />
    </div>
  );
}
