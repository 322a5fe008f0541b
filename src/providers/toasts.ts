import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, useContext } from 'react';

export const ToastContext = createContext<NotificationInstance | null>(null);

/**
 * The dashboard's toasts: antd's notification API, themed (see src/shell/Toasts.tsx). It is what
 * antd's `App.useApp()` gave, without antd's App, which also brings Modal and message along.
 */
export function useToasts(): { notification: NotificationInstance } {
  const notification = useContext(ToastContext);
  if (!notification) throw new Error('useToasts() needs <Toasts> above it');
  return { notification };
}
