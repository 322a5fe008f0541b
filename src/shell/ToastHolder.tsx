import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { SIZES } from './theme';

/**
 * Toast configuration of spec §9: top-right, 3000 ms, at most 5, success by default. They start
 * below the header, so a toast never covers its account and language menus.
 */
const TOAST_CONFIG = {
  placement: 'topRight',
  top: SIZES.headerDashboard + 8,
  duration: 3,
  maxCount: 5,
} as const;

/** antd's toasts (a chunk of their own, see Toasts.tsx): hands their API up once it can show one. */
export default function ToastHolder({ onReady }: { onReady: (api: NotificationInstance) => void }) {
  const [api, holder] = notification.useNotification(TOAST_CONFIG);
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
