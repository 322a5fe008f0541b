import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnreachable } from '../providers/connection';

/**
 * "Cannot reach the server, retrying" while the session's check cannot reach the API (a database
 * outage answers 503): the user stays signed in and where they are, and the page comes back by
 * itself once the API answers.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  if (!useUnreachable()) return null;
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
