import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A tab whose content comes with the apps (issue 13): it says so rather than showing nothing. */
export function NoAppsYet() {
  const { t } = useTranslation();
  return <Typography.Paragraph type="secondary">{t('userTabs.noApps')}</Typography.Paragraph>;
}
