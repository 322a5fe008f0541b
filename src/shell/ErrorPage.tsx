import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../providers/authProvider';
import { ERROR_TEXTS as texts, type ErrorStatus } from './errorTexts';
import { usePageTitle } from './usePageTitle';

export type { ErrorStatus };

/** antd's Result with its illustration: its own chunk (see ./ErrorPages). */
export default function ErrorPage({
  status,
  onRetry,
}: {
  status: ErrorStatus;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  usePageTitle(t(texts[status].title));
  return (
    <div ref={decorative}>
      <Result
        status={status}
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t(texts[status].title)}</h1>}
        subTitle={t(texts[status].text)}
        extra={[
          onRetry && (
            <Button key="retry" onClick={onRetry}>
              {t('errors.tryAgain')}
            </Button>
          ),
          <Link key="home" to={HOME_PATH}>
            <Button type="primary">{t('errors.goHome')}</Button>
          </Link>,
        ]}
      />
    </div>
  );
}

/**
 * antd's illustrations carry English titles ("No Found", "Unauthorized") that a screen reader
 * reads and a hover shows; the heading beside them says it in the user's language.
 */
function decorative(box: HTMLDivElement | null) {
  for (const svg of box?.querySelectorAll('.ant-result-image svg') ?? []) {
    svg.querySelector('title')?.remove();
    svg.setAttribute('aria-hidden', 'true');
  }
}
