import { HolderOutlined } from '@ant-design/icons';
import type { useSortable } from '@dnd-kit/sortable';
import { Button } from 'antd';
import { createContext, useContext } from 'react';

type Sortable = ReturnType<typeof useSortable>;
interface HandleProps {
  /** The element that starts a drag (useSortable's setActivatorNodeRef). */
  activator: Sortable['setActivatorNodeRef'];
  listeners: Sortable['listeners'];
  attributes: Sortable['attributes'];
}
const RowHandle = createContext<HandleProps | null>(null);
/** Set by a sortable row (./sortable, with dnd-kit); a handle outside one renders nothing. */
export const RowHandleProvider = RowHandle.Provider;

/** The drag handle of a sortable table row; also the keyboard's way in (Space, arrows, Space). */
export function DragHandle({ label }: { label: string }) {
  const handle = useContext(RowHandle);
  if (!handle) return null;
  const { activator, attributes, listeners } = handle;
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      ref={activator}
      {...attributes}
      {...listeners}
      aria-label={label}
      style={{ cursor: 'grab', touchAction: 'none' }}
    />
  );
}
