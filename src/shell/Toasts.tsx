import { notification as antdNotification, theme } from 'antd';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import { useMemo, type ReactNode } from 'react';
import { ToastContext } from '../providers/toasts';
import { SIZES } from './theme';

type Variant = 'success' | 'error' | 'info' | 'warning' | 'open';

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

/**
 * Whether a toast stays while the pointer is on it. A confirmation leaves after its 3 s wherever
 * the pointer is: it appears top-right, over the page's own buttons (a show page's Delete, right
 * under the Save just pressed), and would otherwise stay there until the pointer moved. A problem
 * stays while it is being read.
 */
const staysWhileHovered = (type: Variant) => type === 'error' || type === 'warning';

/**
 * Toasts for everything below (`useToasts()`): antd's notification hook, in the theme, and the
 * base text style antd's App gave the page.
 */
export function Toasts({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [api, holder] = antdNotification.useNotification(TOAST_CONFIG);
  const notification = useMemo<NotificationInstance>(() => {
    const variant = (type: Variant) => (args: ArgsProps) =>
      api[type]({ pauseOnHover: staysWhileHovered(type), ...args });
    return {
      success: variant('success'),
      error: variant('error'),
      info: variant('info'),
      warning: variant('warning'),
      open: variant('open'),
      destroy: (key) => api.destroy(key),
    };
  }, [api]);
  return (
    <ToastContext.Provider value={notification}>
      {holder}
      <div
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {children}
      </div>
    </ToastContext.Provider>
  );
}
