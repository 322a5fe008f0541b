import type { PopconfirmProps } from 'antd';
import {
  cloneElement,
  lazy,
  Suspense,
  useCallback,
  useState,
  type ReactElement,
  type Ref,
} from 'react';

// antd's Popconfirm and Popover (~3 kB gzip) ask before a delete or a sync, which a list's first
// load never does: they come with the first press of such a button (fetched as soon as it is
// hovered or focused, so the question usually opens at once).
const loadPopconfirm = () => import('antd/es/popconfirm');
const Popconfirm = lazy(loadPopconfirm);
const preload = () => void loadPopconfirm();

interface ButtonProps {
  onClick?: (event: { currentTarget: EventTarget }) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  ref?: Ref<HTMLElement>;
}

/** antd's Popconfirm around a button, loaded and opened with the button's first press. */
export function LazyPopconfirm({
  children,
  ...props
}: Omit<PopconfirmProps, 'children' | 'open' | 'defaultOpen'> & {
  children: ReactElement<ButtonProps>;
}) {
  // Asked: the button was pressed; it is drawn anew inside the Popconfirm, and a keyboard
  // user's focus goes with it.
  const [asked, setAsked] = useState<{ hadFocus: boolean }>();
  // The button drawn anew takes the focus back only from the button it replaces (focus falls to
  // the page when a focused node goes): a ref is called again on other renders too, and took
  // the focus from wherever the user had moved it (the Enter meant for the search box pressed
  // Sync).
  const focusAgain = useCallback(
    (node: HTMLElement | null) => {
      const current = document.activeElement;
      const lost = !current || current === document.body || !current.isConnected;
      if (node && asked?.hadFocus && lost) node.focus();
    },
    [asked],
  );
  if (!asked) {
    return cloneElement(children, {
      onClick: (event) => setAsked({ hadFocus: document.activeElement === event.currentTarget }),
      onPointerEnter: preload,
      onFocus: preload,
    });
  }
  return (
    <Suspense fallback={cloneElement(children, { ref: focusAgain })}>
      <Popconfirm {...props} defaultOpen>
        {cloneElement(children, { ref: focusAgain })}
      </Popconfirm>
    </Suspense>
  );
}
