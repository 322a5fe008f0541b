import { theme } from 'antd';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import { useState, type ComponentType, type ReactNode } from 'react';
import { ToastContext } from '../providers/toasts';

type Variant = 'success' | 'error' | 'info' | 'warning' | 'open';
type Holder = ComponentType<{ onReady: (api: NotificationInstance) => void }>;

/**
 * antd's notification and rc-notification (~7 kB gzip) are in no page's first load: most visits
 * show no toast. They load with the first toast, which shows once they are there.
 */
const loadHolder = () => import('./ToastHolder');

/**
 * Whether a toast stays while the pointer is on it. A confirmation leaves after its 3 s wherever
 * the pointer is: it appears top-right, over the page's own buttons (a show page's Delete, right
 * under the Save just pressed), and would otherwise stay there until the pointer moved. A problem
 * stays while it is being read.
 */
const staysWhileHovered = (type: Variant) => type === 'error' || type === 'warning';

type Call = (api: NotificationInstance) => void;

/** A toast API that holds what is asked of it, in order, until antd's (`ready`) is there. */
function waitingToasts(load: () => void) {
  let api: NotificationInstance | null = null;
  const waiting: Call[] = [];
  const call = (action: Call) => {
    if (api) return action(api);
    waiting.push(action);
    load();
  };
  const variant = (type: Variant) => (args: ArgsProps) =>
    call((ready) => ready[type]({ pauseOnHover: staysWhileHovered(type), ...args }));
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
    waiting.splice(0).forEach((action) => action(loaded));
  };
  return { notification, ready };
}

/**
 * Toasts for everything below (`useToasts()`): antd's notification hook, in the theme, and the
 * base text style antd's App gave the page.
 */
export function Toasts({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [Holder, setHolder] = useState<Holder | null>(null);
  // One API for good: callers keep it across renders and awaits.
  const [{ notification, ready }] = useState(() => {
    let loading = false;
    return waitingToasts(() => {
      if (loading) return;
      loading = true;
      loadHolder().then(
        (module) => setHolder(() => module.default),
        // Not there (offline): the next toast tries again.
        () => (loading = false),
      );
    });
  });
  return (
    <ToastContext.Provider value={notification}>
      {Holder && <Holder onReady={ready} />}
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
