import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Unsaved changes" beside a form's Save while it has any (its leave-page warning is on). */
export function UnsavedMark({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  return shown ? <Tag color="warning">{t('crud.unsaved')}</Tag> : null;
}
