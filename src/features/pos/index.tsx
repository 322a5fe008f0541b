import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { defineFeature } from '../types';
import { ConfirmSaleAction } from './ConfirmSaleAction';

// The refund dialog's form (antd Form, ~20 kB gzip) loads with the sales list, not the dashboard.
const RefundAction = lazy(() =>
  import('./RefundAction').then((module) => ({ default: module.RefundAction })),
);

/** The point of sale: confirming and refunding sales; its root is its categories (spec §2). */
export const posFeature = defineFeature({
  name: 'pos',
  extend: {
    'pos-transactions': {
      rowActions: (record) => (
        <>
          <ConfirmSaleAction record={record} />
          <Suspense fallback={null}>
            <RefundAction record={record} />
          </Suspense>
        </>
      ),
      showActions: (record) => (
        <>
          <ConfirmSaleAction record={record} withText />
          <Suspense fallback={null}>
            <RefundAction record={record} withText />
          </Suspense>
        </>
      ),
    },
  },
  routes: [
    { path: '/dashboard/pos', element: <Navigate to="/dashboard/pos/categories" replace /> },
  ],
  pages: ['/dashboard/pos'],
});
