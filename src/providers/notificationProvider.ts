import type { NotificationProvider } from '@refinedev/core';
import { SIZES } from '../shell/theme';
import { useToasts } from './toasts';

/**
 * Toast configuration of spec §9: top-right, 3000 ms, at most 5, success by default. They start
 * below the header, so a toast never covers its account and language menus.
 */
export const TOAST_CONFIG = {
  placement: 'topRight',
  top: SIZES.headerDashboard + 8,
  duration: 3,
  maxCount: 5,
} as const;

/**
 * Refine's notifications through the dashboard's toasts (so they follow the theme). A toast's key
 * is its content unless Refine gives one, so the same message never stacks twice.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = useToasts();
  return {
    open: ({ key, message, description, type }) => {
      const variant = type === 'error' ? 'error' : type === 'progress' ? 'info' : 'success';
      notification[variant]({
        key: key ?? `${variant}:${message}:${description ?? ''}`,
        message,
        description,
      });
    },
    close: (key) => notification.destroy(key),
  };
}
