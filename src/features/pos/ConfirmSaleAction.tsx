import { CheckOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../crud/useAction';
import { posTransactions } from '../../resources/pos';
import { useToasts } from '../../providers/toasts';

interface Transaction {
  id: number;
  number?: unknown;
  status?: unknown;
}

/**
 * Accepts a pending sale: a guest's order placed without a guest session, or a room bill that
 * was settled. Asks first; the server decides (only pending sales, only the hotel's own).
 */
export function ConfirmSaleAction({
  record,
  withText,
}: {
  record: Transaction;
  withText?: boolean;
}) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const confirm = useAction(posTransactions, 'confirm');
  // The tooltip hides while the question is open, or it would cover the question's buttons.
  const [asking, setAsking] = useState(false);
  if (record.status !== 'pending') return null;
  const number = String(record.number ?? record.id);
  const label = t('pos.confirmSale', { number });

  const run = () =>
    confirm.run(
      {},
      {
        id: record.id,
        onSuccess: () => {
          notification.success({ message: t('pos.confirmed', { number }) });
        },
        onError: (error) =>
          notification.error({ message: t('pos.confirmFailed'), description: error.message }),
      },
    );

  return (
    <Popconfirm
      title={label}
      description={t('pos.confirmText')}
      okText={t('pos.confirm')}
      cancelText={t('crud.cancel')}
      onConfirm={run}
      open={asking}
      onOpenChange={setAsking}
    >
      <Tooltip title={withText ? undefined : label} open={asking ? false : undefined}>
        <Button
          type={withText ? 'default' : 'text'}
          icon={<CheckOutlined />}
          aria-label={withText ? undefined : label}
          loading={confirm.isPending}
        >
          {withText && t('pos.confirm')}
        </Button>
      </Tooltip>
    </Popconfirm>
  );
}
