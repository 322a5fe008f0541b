import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<T> {
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  data: T | undefined;
  /** The skeleton's lines while the request runs. */
  rows: number;
  /** What a failed request says, above its Retry. */
  failed: string;
  children: (data: T) => ReactNode;
}

/**
 * A home panel's body: a skeleton while its request runs, its error with Retry, else its content.
 * (antd's Alert, not the lazy one: the overview is the landing page and loads it anyway.)
 */
export function PanelBody<T>({ query, data, rows, failed, children }: Props<T>) {
  const { t } = useTranslation();
  if (query.isLoading) return <Skeleton active paragraph={{ rows }} />;
  if (query.isError || data === undefined)
    return (
      <Alert
        type="error"
        showIcon
        message={failed}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  return children(data);
}
