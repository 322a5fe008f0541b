import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { LOCALES } from '../schema/locales';
import { inHeader } from './popupContainer';

/** The language selector of the header: English, German, Dutch, French, Spanish (spec §1). */
const ORDER = ['en', 'de', 'nl', 'fr', 'es'] as const satisfies readonly (typeof LOCALES)[number][];

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <Dropdown
      trigger={['click']}
      getPopupContainer={inHeader}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: ORDER.map((lng) => ({ key: lng, label: t(`languages.${lng}`), lang: lng })),
        onClick: ({ key }) => void changeLanguage(key),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')}>
        {current.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
