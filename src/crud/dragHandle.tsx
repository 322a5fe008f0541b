import { HolderOutlined } from '@ant-design/icons';
import type { UniqueIdentifier } from '@dnd-kit/core';
import type { useSortable } from '@dnd-kit/sortable';
import { Button } from 'antd';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type * as Sortable from './sortable';

// An ordered list's rows, handles and body draw without dnd-kit (~15 kB gzip): it loads when a
// handle is first pointed at, focused or pressed (./listParts), and what the handle was doing
// then (held down, focused, a Space or Enter) is done again on the row's real handle.

type Sortable = ReturnType<typeof useSortable>;
interface HandleProps {
  /** The row's id. */
  id: UniqueIdentifier;
  /** The element that starts a drag (useSortable's setActivatorNodeRef). */
  activator: Sortable['setActivatorNodeRef'];
  listeners: Sortable['listeners'];
  attributes: Sortable['attributes'];
}
const RowHandle = createContext<HandleProps | null>(null);
/** Set by a sortable row (./sortable, with dnd-kit). */
export const RowHandleProvider = RowHandle.Provider;

/** An ordered list's drag: dnd-kit once it is there, and the call that asks for it. */
export interface DragSupport {
  module: typeof Sortable | null | undefined;
  /** Starts loading dnd-kit (a handle was pointed at, focused or pressed). */
  want: () => void;
}
const DragSupportContext = createContext<DragSupport | null>(null);
export const DragSupportProvider = DragSupportContext.Provider;

/** The rows' order and what a drop does, for the table's body. */
export interface DragRowsProps {
  ids: number[];
  nameOf: (id: UniqueIdentifier) => string;
  onReorder: (ids: number[]) => void;
}
const DragRowsContext = createContext<DragRowsProps | null>(null);
export const DragRowsProvider = DragRowsContext.Provider;

/** What a handle was doing when dnd-kit was asked for; its row's real handle takes it over. */
let pending: {
  row: UniqueIdentifier;
  focused: boolean;
  press?: PointerEventInit;
  key?: KeyboardEventInit;
} | null = null;

/** The table's body: dnd-kit's contexts around the rows once it has arrived. */
export function DraggableBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  const support = useContext(DragSupportContext);
  const rows = useContext(DragRowsContext);
  const SortableRows = support?.module?.SortableRows;
  if (!SortableRows || !rows) return <tbody {...props} />;
  const { children, ...rest } = props;
  return (
    <tbody {...rest}>
      <SortableRows {...rows}>{children}</SortableRows>
    </tbody>
  );
}

/** A table row: dnd-kit's sortable row once it has arrived; antd passes the row key. */
export function DraggableRow(
  props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': UniqueIdentifier },
) {
  const SortableRow = useContext(DragSupportContext)?.module?.SortableRow;
  return SortableRow ? <SortableRow {...props} /> : <tr {...props} />;
}

const handleStyle = { cursor: 'grab', touchAction: 'none' } as const;

/** The drag handle of a sortable table row; also the keyboard's way in (Space, arrows, Space). */
export function DragHandle({ label, row }: { label: string; row: UniqueIdentifier }) {
  const handle = useContext(RowHandle);
  const support = useContext(DragSupportContext);
  if (handle) return <RealHandle label={label} handle={handle} />;
  if (!support) return null;
  const want = support.want;
  const hold = (event: ReactPointerEvent<HTMLElement>) => {
    if (!event.isPrimary || event.button !== 0) return;
    const { clientX, clientY, screenX, screenY, pointerId, pointerType, button, buttons } = event;
    pending = {
      row,
      focused: document.activeElement === event.currentTarget,
      press: {
        bubbles: true,
        cancelable: true,
        isPrimary: true,
        ...{ clientX, clientY, screenX, screenY, pointerId, pointerType, button, buttons },
      },
    };
    // Let go before dnd-kit arrived: a click, not a drag.
    const release = () => {
      if (pending?.row === row) delete pending.press;
      removeEventListener('pointerup', release, true);
      removeEventListener('pointercancel', release, true);
    };
    addEventListener('pointerup', release, true);
    addEventListener('pointercancel', release, true);
    want();
  };
  const key = (event: KeyboardEvent<HTMLElement>) => {
    if (event.code !== 'Space' && event.code !== 'Enter') return;
    event.preventDefault();
    pending = { row, focused: true, key: { bubbles: true, code: event.code, key: event.key } };
    want();
  };
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={label}
      style={handleStyle}
      onPointerEnter={want}
      onFocus={() => {
        // A press focuses the button after its pointerdown: keep what the press noted.
        pending = { ...(pending?.row === row ? pending : {}), row, focused: true };
        want();
      }}
      onBlur={() => {
        if (pending?.row === row && !pending.press && !pending.key) pending = null;
      }}
      onPointerDown={hold}
      onKeyDown={key}
    />
  );
}

function RealHandle({ label, handle }: { label: string; handle: HandleProps }) {
  const { id, activator, attributes, listeners } = handle;
  const element = useRef<HTMLButtonElement | null>(null);
  const ref = useCallback(
    (node: HTMLButtonElement | null) => {
      element.current = node;
      activator(node);
    },
    [activator],
  );
  // This row's handle was focused, held or keyed before dnd-kit arrived: carry on here.
  useEffect(() => {
    const node = element.current;
    if (!node || pending?.row !== id) return;
    const { focused, press, key } = pending;
    pending = null;
    if (focused) node.focus();
    if (press) node.dispatchEvent(new PointerEvent('pointerdown', press));
    else if (key) node.dispatchEvent(new KeyboardEvent('keydown', key));
  }, [id]);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      ref={ref}
      {...attributes}
      {...listeners}
      aria-label={label}
      style={handleStyle}
    />
  );
}
