import { EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewTarget } from './savedViews';

const loadMenu = () => import('./SavedViewsMenu');
const SavedViewsMenu = lazy(loadMenu);

/**
 * The Views button of a list's toolbar. The menu, its dialogs and the views come with the first
 * click (or a pointer over it): a list's first load carries only this button.
 */
export function ViewsButton({ target, visible }: { target: ViewTarget; visible: Set<string> }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      icon={<EyeOutlined />}
      aria-haspopup="menu"
      onMouseEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
    >
      {t('savedViews.menu')}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <SavedViewsMenu target={target} visible={visible} initiallyOpen />
    </Suspense>
  );
}
