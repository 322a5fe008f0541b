import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../crud/useAction';
import { apps } from '../../resources/apps';
import { useAppsChanged, type AppDialogProps } from './useHotelApps';
import { useToasts } from '../../providers/toasts';

/** Disconnecting asks first (spec §4), naming the app and the hotel whose guest app loses it. */
export function DisconnectDialog({ entry, scope, onClose }: AppDialogProps) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const { app } = entry;
  const disconnect = useAction(apps, 'disconnect');
  const changed = useAppsChanged(scope);
  const confirm = () =>
    disconnect.run(scope.onBehalf ? { hotelId: scope.id } : {}, {
      id: app.id,
      onSuccess: () => {
        notification.success({ message: t('apps.disconnected', { name: app.name }) });
        void changed();
        onClose();
      },
      onError: (error) => {
        notification.error({ message: t('apps.disconnectFailed'), description: error.message });
        // Refused or already disconnected elsewhere: show the page as it now is.
        if ([403, 404, 409].includes(error.statusCode)) {
          void changed();
          onClose();
        }
      },
    });
  return (
    <Modal
      open
      title={t('apps.disconnectTitle', { name: app.name })}
      onCancel={onClose}
      onOk={confirm}
      okText={t('apps.disconnect')}
      okButtonProps={{ danger: true, loading: disconnect.isPending }}
      cancelText={t('crud.cancel')}
      destroyOnHidden
      width={480}
    >
      <Typography.Paragraph>
        {t('apps.disconnectText', { name: app.name, hotel: scope.name })}
      </Typography.Paragraph>
    </Modal>
  );
}
