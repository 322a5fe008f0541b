/**
 * Drag-to-reorder with dnd-kit: its own chunk, loaded when an ordered list's drag handle is first
 * pointed at, focused or pressed (see ./dragHandle and ./listParts).
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowHandleProvider } from './dragHandle';

/** A table row that can be dragged; antd passes the row key as `data-row-key`. */
export function SortableRow(
  props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': UniqueIdentifier },
) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: props['data-row-key'],
  });
  const id = props['data-row-key'];
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9, opacity: 0.85 } : {}),
  };
  const handle = useMemo(
    () => ({ id, activator: setActivatorNodeRef, listeners, attributes }),
    [id, setActivatorNodeRef, listeners, attributes],
  );
  return (
    <RowHandleProvider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </RowHandleProvider>
  );
}

/**
 * Drag-to-reorder for a list of ids, by pointer or keyboard, with screen-reader announcements
 * in the user's language. `onReorder` gets the new order.
 */
export function SortableRows({
  ids,
  nameOf,
  onReorder,
  children,
}: {
  ids: number[];
  nameOf: (id: UniqueIdentifier) => string;
  onReorder: (ids: number[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const place = (id: UniqueIdentifier | undefined) => ({
    position: ids.indexOf(Number(id)) + 1,
    count: ids.length,
  });
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('reorder.pickedUp', { name: nameOf(active.id), ...place(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('reorder.moved', { name: nameOf(active.id), ...place(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('reorder.dropped', { name: nameOf(active.id), ...place(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('reorder.cancelled', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('reorder.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
