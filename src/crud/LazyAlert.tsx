import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Alert (~2 kB gzip) tells of a failure or a notice, which a page seldom shows on its first
// load: it comes when one shows.
const Alert = lazy(() => import('antd/es/alert'));

/** antd's Alert, loaded with the first one shown. */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
