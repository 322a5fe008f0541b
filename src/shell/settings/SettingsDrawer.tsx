import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Drawer, Segmented, Space, Switch, Tooltip, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SIZES } from '../theme';
import { COLOR_PRESETS, type ColorPreset, type Settings } from './settings';
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

/** The right-side Settings drawer (spec §2 Settings drawer); loaded when first opened. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings, update, reset } = useSettings();
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
        <Section title={t('settings.contrast')}>
          {(id) => (
            <Choice
              name="themeContrast"
              labelId={id}
              options={[
                { value: 'default', label: t('settings.contrastDefault') },
                { value: 'bold', label: t('settings.contrastBold') },
              ]}
            />
          )}
        </Section>
        <Section title={t('settings.layout')}>
          {(id) => (
            <Choice
              name="themeLayout"
              labelId={id}
              options={[
                { value: 'vertical', label: t('settings.layoutVertical') },
                { value: 'mini', label: t('settings.layoutMini') },
              ]}
            />
          )}
        </Section>
        <Section title={t('settings.direction')}>
          {(id) => (
            <Choice
              name="themeDirection"
              labelId={id}
              options={[
                { value: 'ltr', label: t('settings.ltr') },
                { value: 'rtl', label: t('settings.rtl') },
              ]}
            />
          )}
        </Section>
        <Section title={t('settings.preset')}>
          {(id) => (
            <div
              role="radiogroup"
              aria-labelledby={id}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}
            >
              {(Object.keys(COLOR_PRESETS) as ColorPreset[]).map((preset) => {
                const checked = settings.themeColorPresets === preset;
                return (
                  <Tooltip key={preset} title={t(`settings.presets.${preset}`)}>
                    <Button
                      role="radio"
                      aria-checked={checked}
                      aria-label={t(`settings.presets.${preset}`)}
                      onClick={() => update('themeColorPresets', preset)}
                      style={{
                        height: 48,
                        borderColor: checked ? COLOR_PRESETS[preset] : undefined,
                        borderWidth: checked ? 2 : 1,
                      }}
                    >
                      <span
                        aria-hidden
                        style={{
                          display: 'inline-block',
                          width: 20,
                          height: 20,
                          borderRadius: '50%',
                          background: COLOR_PRESETS[preset],
                        }}
                      />
                    </Button>
                  </Tooltip>
                );
              })}
            </div>
          )}
        </Section>
        <Section title={t('settings.stretch')}>
          {(id) => (
            <Space>
              <Switch
                aria-labelledby={id}
                checked={settings.themeStretch}
                onChange={(checked) => update('themeStretch', checked)}
              />
              <Typography.Text type="secondary">{t('settings.stretchHint')}</Typography.Text>
            </Space>
          )}
        </Section>
      </Drawer>
    </>
  );
}
