import { useTranslation } from 'react-i18next';

/** A staff account's app tabs: apps are connected per hotel. */
export function StaffHasNoApps() {
  const { t } = useTranslation();
  return (
    <p className="stay-secondary" style={{ marginTop: 0 }}>
      {t('apps.staffNone')}
    </p>
  );
}
