import type { NotificationProvider } from '@refinedev/core';
import { useToasts } from './toasts';

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
