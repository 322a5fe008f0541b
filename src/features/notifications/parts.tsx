import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTIFICATION_LIST_PATH, type NotificationState } from './current';

/** Green "Active" or blue "Scheduled". */
export function NotificationStateTag({ state }: { state: NotificationState }) {
  const { t } = useTranslation();
  return state === 'active' ? (
    <Tag color="success">{t('notificationPage.active')}</Tag>
  ) : (
    <Tag color="processing">{t('notificationPage.scheduled')}</Tag>
  );
}

/** What administrators see instead: notifications belong to hotels, found in the full list. */
export function AdminNotificationHint() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      message={t('notificationPage.adminHint')}
      action={<Link to={NOTIFICATION_LIST_PATH}>{t('notificationPage.all')}</Link>}
    />
  );
}
