import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { defineFeature } from '../types';

// The refund dialog's form (antd Form, ~20 kB gzip) and the confirmation (antd Popconfirm) load
// with the sales list, not the dashboard.
const ConfirmSaleAction = lazy(() =>
  import('./ConfirmSaleAction').then((module) => ({ default: module.ConfirmSaleAction })),
);
const RefundAction = lazy(() =>
  import('./RefundAction').then((module) => ({ default: module.RefundAction })),
);

/** The point of sale: confirming and refunding sales; its root is its categories (spec §2). */
export const posFeature = defineFeature({
  name: 'pos',
  extend: {
    'pos-transactions': {
      rowActions: (record) => (
        <Suspense fallback={null}>
          <ConfirmSaleAction record={record} />
          <RefundAction record={record} />
        </Suspense>
      ),
      showActions: (record) => (
        <Suspense fallback={null}>
          <ConfirmSaleAction record={record} withText />
          <RefundAction record={record} withText />
        </Suspense>
      ),
    },
  },
  routes: [
    { path: '/dashboard/pos', element: <Navigate to="/dashboard/pos/categories" replace /> },
  ],
  pages: ['/dashboard/pos'],
});
