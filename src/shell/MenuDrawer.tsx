import { Drawer } from 'antd';
import { useRef, type ReactNode, type RefObject } from 'react';

/**
 * The side menu of a phone: a drawer the header's menu button opens (its own chunk, so wide
 * screens do not load it). Focus moves to the current page's entry (else the first link) when it
 * opens, and back to the menu button when it closes; Escape closes it.
 */
export default function MenuDrawer({
  id,
  label,
  open,
  onClose,
  placement,
  width,
  returnFocus,
  children,
}: {
  id: string;
  label: string;
  open: boolean;
  onClose: () => void;
  placement: 'left' | 'right';
  width: number;
  returnFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const body = useRef<HTMLDivElement>(null);
  return (
    <Drawer
      id={id}
      aria-label={label}
      open={open}
      onClose={onClose}
      placement={placement}
      width={width}
      closeIcon={null}
      styles={{ body: { padding: 0 } }}
      afterOpenChange={(isOpen) => {
        if (!isOpen) return returnFocus.current?.focus();
        body.current?.querySelector<HTMLElement>('.ant-menu-item-selected a, a')?.focus();
      }}
    >
      <div ref={body}>{children}</div>
    </Drawer>
  );
}
