import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Segmented, Space, Tooltip, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SIZES } from '../theme';
import type { Settings } from './settings';
import { useSettings } from './useSettings';

function Section({ title, children }: { title: string; children: (labelId: string) => ReactNode }) {
  const id = useId();
  return (
    <section style={{ marginBottom: 24 }}>
      <Typography.Text strong id={id} style={{ display: 'block', marginBottom: 8 }}>
        {title}
      </Typography.Text>
      {children(id)}
    </section>
  );
}

/** A two-or-more way choice bound to one setting. */
function Choice<K extends keyof Settings>(props: {
  name: K;
  labelId: string;
  options: { value: Settings[K] & string; label: string }[];
}) {
  const { settings, update } = useSettings();
  return (
    <Segmented
      block
      aria-labelledby={props.labelId}
      value={settings[props.name] as string}
      options={props.options}
      onChange={(value) => update(props.name, value as Settings[K])}
    />
  );
}

/**
 * The right-side Settings drawer (spec §2): its only control is Mode. The other settings (layout,
 * contrast, direction, colour preset, stretch) keep their cookies and defaults, and Reset
 * restores them all, but the drawer does not offer them (the menu's collapse button sets the
 * layout, the language the direction). Loaded when first opened.
 */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { reset } = useSettings();
  const setOpen = (next: boolean) => !next && onClose();

  return (
    <>
      <Drawer
        title={t('settings.title')}
        placement="right"
        width={SIZES.drawerWidth}
        open={open}
        onClose={() => setOpen(false)}
        closable={false}
        extra={
          <Space size={4}>
            <Tooltip title={t('settings.reset')}>
              <Button
                type="text"
                icon={<ReloadOutlined />}
                aria-label={t('settings.reset')}
                onClick={reset}
              />
            </Tooltip>
            <Button
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('settings.close')}
              onClick={() => setOpen(false)}
            />
          </Space>
        }
      >
        <Section title={t('settings.mode')}>
          {(id) => (
            <Choice
              name="themeMode"
              labelId={id}
              options={[
                { value: 'light', label: t('settings.light') },
                { value: 'dark', label: t('settings.dark') },
              ]}
            />
          )}
        </Section>
      </Drawer>
    </>
  );
}
