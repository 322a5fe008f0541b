import { DeleteOutlined } from '@ant-design/icons';
import type { BaseKey } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteRecord } from './useDeleteRecord';

interface Props {
  resource: string;
  id: BaseKey;
  /** What the record is called in the question and the toast. */
  name: string;
  /** An icon-only button (list rows) or one with its label (pages). */
  iconOnly?: boolean;
  onDeleted?: () => void;
}

/** The delete button and its question; `onConfirm` deletes (useDeleteRecord). */
export function DeleteConfirm({
  name,
  iconOnly,
  loading,
  onConfirm,
  t,
}: {
  name: string;
  iconOnly?: boolean;
  loading: boolean;
  onConfirm: () => void;
  /** The caller's `t`: a list's rows do not each subscribe to i18n. */
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  return (
    <Popconfirm
      title={t('crud.deleteConfirmTitle', { name })}
      description={t('crud.deleteConfirmText')}
      okText={t('crud.delete')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button
        type={iconOnly ? 'text' : 'default'}
        danger
        icon={<DeleteOutlined />}
        loading={loading}
        aria-label={iconOnly ? t('crud.deleteRecord', { name }) : undefined}
      >
        {!iconOnly && t('crud.delete')}
      </Button>
    </Popconfirm>
  );
}

/** Delete, after a confirmation; says in a toast what happened. */
export function DeleteRecordButton({ resource, id, name, iconOnly, onDeleted }: Props) {
  const { t } = useTranslation();
  const { remove, pending } = useDeleteRecord(resource);
  return (
    <DeleteConfirm
      name={name}
      iconOnly={iconOnly}
      loading={pending.has(id)}
      onConfirm={() => void remove(id, name, onDeleted)}
      t={t}
    />
  );
}
