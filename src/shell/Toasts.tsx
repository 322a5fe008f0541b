import { theme } from 'antd';
import useNotification from 'antd/es/notification/useNotification';
import type { ReactNode } from 'react';
import { TOAST_CONFIG } from '../providers/notificationProvider';
import { ToastContext } from '../providers/toasts';

/**
 * Toasts for everything below (`useToasts()`), in the theme, and the base text style antd's App
 * gave the page.
 */
export function Toasts({ children }: { children: ReactNode }) {
  const [notification, holder] = useNotification(TOAST_CONFIG);
  const { token } = theme.useToken();
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
