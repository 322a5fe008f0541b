import { theme } from 'antd';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ToastContext } from '../providers/toasts';
import { whenIdle } from './idle';

// antd's notifications (~7 kB gzip) are not in a page's first load: they come when the browser is
// idle, or with the first toast if that is sooner (it then shows once they are there).
const loadHolder = () => import('./ToastHolder');
const ToastHolder = lazy(loadHolder);

type Show = (api: NotificationInstance) => void;
type Variant = 'success' | 'error' | 'info' | 'warning' | 'open';

/**
 * Whether a toast stays while the pointer is on it. A confirmation leaves after its 3 s wherever
 * the pointer is: it appears top-right, over the page's own buttons (a show page's Delete, right
 * under the Save just pressed), and would otherwise stay there until the pointer moved. A problem
 * stays while it is being read.
 */
const staysWhileHovered = (type: Variant) => type === 'error' || type === 'warning';

/** A toast API that holds what is asked of it, in order, until antd's (`ready`) is there. */
function waitingToasts(want: () => void) {
  let api: NotificationInstance | null = null;
  const waiting: Show[] = [];
  const show = (call: Show) => {
    if (api) return call(api);
    waiting.push(call);
    want();
  };
  const variant = (type: Variant) => (args: ArgsProps) =>
    show((ready) => ready[type]({ pauseOnHover: staysWhileHovered(type), ...args }));
  const notification: NotificationInstance = {
    success: variant('success'),
    error: variant('error'),
    info: variant('info'),
    warning: variant('warning'),
    open: variant('open'),
    // Before antd's are there, only the toasts waiting to show can be closed.
    destroy: (key) => {
      if (api) api.destroy(key);
      else if (waiting.length) waiting.push((ready) => ready.destroy(key));
    },
  };
  const ready = (loaded: NotificationInstance) => {
    api = loaded;
    waiting.splice(0).forEach((call) => call(loaded));
  };
  return { notification, ready };
}

/**
 * Toasts for everything below (`useToasts()`), in the theme, and the base text style antd's App
 * gave the page.
 */
export function Toasts({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [mounted, setMounted] = useState(false);
  // One API for good: callers keep it across renders and awaits.
  const [{ notification, ready }] = useState(() => waitingToasts(() => setMounted(true)));
  useEffect(() => whenIdle(() => void loadHolder().then(() => setMounted(true))), []);
  return (
    <ToastContext.Provider value={notification}>
      {mounted && (
        <Suspense fallback={null}>
          <ToastHolder onReady={ready} />
        </Suspense>
      )}
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
