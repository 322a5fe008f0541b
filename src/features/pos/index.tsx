import { Navigate } from 'react-router';
import { defineFeature } from '../types';
import { ConfirmSaleAction } from './ConfirmSaleAction';
import { RefundAction } from './RefundAction';

/** The point of sale: confirming and refunding sales; its root is its categories (spec §2). */
export const posFeature = defineFeature({
  name: 'pos',
  extend: {
    'pos-transactions': {
      rowActions: (record) => (
        <>
          <ConfirmSaleAction record={record} />
          <RefundAction record={record} />
        </>
      ),
      showActions: (record) => (
        <>
          <ConfirmSaleAction record={record} withText />
          <RefundAction record={record} withText />
        </>
      ),
    },
  },
  routes: [
    { path: '/dashboard/pos', element: <Navigate to="/dashboard/pos/categories" replace /> },
  ],
  pages: ['/dashboard/pos'],
});
