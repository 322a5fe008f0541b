import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../providers/authProvider';
import { ERROR_TEXTS, type ErrorStatus } from './errorTexts';
import { usePageTitle } from './usePageTitle';

/** An error page's words and buttons without the illustration: when its chunk cannot load. */
export function PlainErrorPage({ status, onRetry }: { status: ErrorStatus; onRetry?: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t(ERROR_TEXTS[status].title));
  return (
    <div style={{ padding: '48px 32px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 24, margin: 0 }}>{t(ERROR_TEXTS[status].title)}</h1>
      <p>{t(ERROR_TEXTS[status].text)}</p>
      {onRetry && <Button onClick={onRetry}>{t('errors.tryAgain')}</Button>}{' '}
      <Link to={HOME_PATH}>
        <Button type="primary">{t('errors.goHome')}</Button>
      </Link>
    </div>
  );
}
