import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A staff account's app tabs: apps are connected per hotel. */
export function StaffHasNoApps() {
  const { t } = useTranslation();
  return <Typography.Paragraph type="secondary">{t('apps.staffNone')}</Typography.Paragraph>;
}
