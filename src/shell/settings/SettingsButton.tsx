import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSettingsOpenRequest, settingsOpenRequested } from './openRequest';

// The drawer's controls load on the first click, not with every page.
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));

/**
 * The settings button; opens the Settings drawer. It floats in the page's right margin, which is
 * wider than the button, so it never covers a control; on phones, which have no such margin,
 * it sits in the header (`inline`).
 */
export function SettingsButton({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  // Opened at once when the light sign-in page's settings button brought the dashboard in.
  const [open, setOpen] = useState(settingsOpenRequested);
  const [used, setUsed] = useState(open);
  useEffect(clearSettingsOpenRequest, []);
  const button = (
    <Button
      type={inline ? 'text' : 'default'}
      shape="circle"
      className={inline ? undefined : 'stay-settings-button'}
      icon={<SettingOutlined />}
      aria-label={t('settings.open')}
      onClick={() => {
        setUsed(true);
        setOpen(true);
      }}
    />
  );
  return (
    <>
      {inline ? (
        button
      ) : (
        // No tooltip over the open drawer (the pointer still rests on the button after a click).
        <Tooltip title={t('settings.open')} placement="left" open={open ? false : undefined}>
          {button}
        </Tooltip>
      )}
      {used && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
