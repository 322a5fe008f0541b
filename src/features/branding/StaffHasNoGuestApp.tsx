import { useTranslation } from 'react-i18next';

/** A staff account's branding tabs: only hotels have a guest app to brand. */
export function StaffHasNoGuestApp() {
  const { t } = useTranslation();
  return (
    <p className="stay-secondary" style={{ marginTop: 0 }}>
      {t('branding.staffNone')}
    </p>
  );
}
