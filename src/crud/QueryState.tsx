import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyAlert } from './LazyAlert';
import { Panel } from './Panel';

interface Props {
  isLoading: boolean;
  isError: boolean;
  error?: { message?: string; statusCode?: number } | null;
  /** What failed to load, e.g. "Could not load the product". */
  failed: string;
  retry?: () => void;
  /** A way out when it failed (back to the list). */
  back?: ReactNode;
  /** The skeleton in a card of its own (a whole page) or bare (inside one). */
  framed?: boolean;
  children: ReactNode;
}

/**
 * A page's data as a person meets it: a skeleton while it loads, the failure with a retry, else
 * the page. Generic pages and features share it so every screen fails the same way.
 */
export function QueryState(props: Props) {
  const { isLoading, isError, error, failed, retry, back, framed = true, children } = props;
  const { t } = useTranslation();
  if (isError)
    return (
      <LazyAlert
        type="error"
        showIcon
        message={failed}
        description={error?.statusCode === 404 ? t('crud.notFound') : error?.message}
        action={retry ? <Button onClick={retry}>{t('common.retry')}</Button> : (back ?? undefined)}
      />
    );
  if (isLoading) {
    const skeleton = <Skeleton active paragraph={{ rows: 6 }} />;
    return framed ? <Panel>{skeleton}</Panel> : skeleton;
  }
  return children;
}
