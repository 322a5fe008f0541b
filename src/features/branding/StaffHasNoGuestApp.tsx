import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A staff account's branding tabs: only hotels have a guest app to brand. */
export function StaffHasNoGuestApp() {
  const { t } = useTranslation();
  return <Typography.Paragraph type="secondary">{t('branding.staffNone')}</Typography.Paragraph>;
}
