import type { NotificationInstance } from 'antd/es/notification/interface';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';
import { TOAST_CONFIG } from '../providers/notificationProvider';

/** antd's toasts (a chunk of their own, see Toasts.tsx): hands their API up once it can show one. */
export default function ToastHolder({ onReady }: { onReady: (api: NotificationInstance) => void }) {
  const [api, holder] = useNotification(TOAST_CONFIG);
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
