import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl, http } from '../../providers/http';
import { useOffboardingCall } from './useOffboardingCall';

/**
 * "Delete hotel" (super administrators, archived hotels): a dialog that deletes only once the
 * hotel's name is typed exactly, as GitHub asks before deleting a repository.
 */
export function DeleteHotel({
  id,
  name,
  onDeleted,
}: {
  id: number;
  name: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { busy, run } = useOffboardingCall();
  const close = () => {
    setOpen(false);
    setTyped('');
  };
  const remove = () =>
    run(
      () => http.delete(apiUrl(`/users/${id}`)),
      () => {
        close();
        onDeleted();
        return t('offboarding.deleted', { name });
      },
    );
  return (
    <>
      <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {t('offboarding.delete')}
      </Button>
      <Modal
        open={open}
        title={t('offboarding.deleteTitle', { name })}
        onCancel={close}
        cancelText={t('crud.cancel')}
        okText={t('offboarding.deleteButton')}
        okButtonProps={{ danger: true, disabled: typed !== name, loading: busy }}
        onOk={() => void remove()}
        destroyOnHidden
      >
        <Alert type="error" showIcon message={t('offboarding.deleteWarning')} />
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 8 }}>
          <label htmlFor="delete-hotel-name">{t('offboarding.deleteType', { name })}</label>
        </Typography.Paragraph>
        <Input
          id="delete-hotel-name"
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          onPressEnter={() => typed === name && void remove()}
        />
      </Modal>
    </>
  );
}
