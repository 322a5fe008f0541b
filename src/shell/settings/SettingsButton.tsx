import { SettingOutlined } from '@ant-design/icons';
import { FloatButton, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer's controls load on the first click, not with every page.
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));

/** The floating settings button; opens the Settings drawer. */
export function SettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Tooltip title={t('settings.open')} placement="left">
        <FloatButton
          icon={<SettingOutlined />}
          aria-label={t('settings.open')}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
