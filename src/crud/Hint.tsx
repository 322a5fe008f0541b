import { Tooltip } from 'antd';
import { flushSync } from 'react-dom';
import {
  cloneElement,
  useState,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

interface ChildProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
}

/**
 * antd's Tooltip for what a list repeats on every row (its actions, its language tags), mounted
 * when a mouse first points at it. A closed Tooltip still costs a mount with five synchronous
 * state updates: a list of ten rows had 74 of them, a tenth of a phone's first render. Touch and
 * keyboard get no Tooltip here, as with antd's own (hover only); the child carries its name.
 */
export function Hint({
  title,
  children,
}: {
  title?: ReactNode;
  children: ReactElement<ChildProps>;
}) {
  const [pointed, setPointed] = useState(false);
  if (!title) return children;
  // Drawn anew inside the Tooltip, under the pointer, and open: the pointer is already in.
  if (pointed) {
    return (
      <Tooltip title={title} defaultOpen>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onPointerEnter: (event) => {
      children.props.onPointerEnter?.(event);
      // At once, not in React's later render of a continuous event: the child is drawn anew
      // inside the Tooltip, and a press that began on the old node and ended on the new one
      // was no click at all (a moved-and-clicked Edit link did nothing).
      if (event.pointerType === 'mouse') flushSync(() => setPointed(true));
    },
  });
}
