import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, type BaseKey } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../providers/toasts';

interface Props {
  resource: string;
  id: BaseKey;
  /** What the record is called in the question and the toast. */
  name: string;
  /** An icon-only button (list rows) or one with its label (pages). */
  iconOnly?: boolean;
  onDeleted?: () => void;
}

/** Delete, after a confirmation; says in a toast what happened. */
export function DeleteRecordButton({ resource, id, name, iconOnly, onDeleted }: Props) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const { mutate: deleteOne, mutation } = useDelete();
  return (
    <Popconfirm
      title={t('crud.deleteConfirmTitle', { name })}
      description={t('crud.deleteConfirmText')}
      okText={t('crud.delete')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        deleteOne(
          {
            resource,
            id,
            successNotification: () => ({ type: 'success', message: t('crud.deleted', { name }) }),
            errorNotification: false,
          },
          {
            onSuccess: () => onDeleted?.(),
            onError: (error) =>
              notification.error({ message: t('crud.deleteFailed'), description: error.message }),
          },
        )
      }
    >
      <Button
        type={iconOnly ? 'text' : 'default'}
        danger
        icon={<DeleteOutlined />}
        loading={mutation.isPending}
        aria-label={iconOnly ? t('crud.deleteRecord', { name }) : undefined}
      >
        {!iconOnly && t('crud.delete')}
      </Button>
    </Popconfirm>
  );
}
