import { RollbackOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
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

const REASON_MAX = 300;

/** Refund of a paid transaction: asks for a reason, then for confirmation (the server decides). */
export function RefundAction({ record, withText }: { record: Transaction; withText?: boolean }) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const refund = useAction(posTransactions, 'refund');
  if (record.status !== 'paid') return null;
  const number = String(record.number ?? record.id);
  const missing = reason.trim() === '';

  const submit = () => {
    setTouched(true);
    if (missing) return;
    refund.run(
      { reason },
      {
        id: record.id,
        onSuccess: () => {
          notification.success({ message: t('pos.refunded', { number }) });
          setOpen(false);
        },
        onError: (error) =>
          notification.error({ message: t('pos.refundFailed'), description: error.message }),
      },
    );
  };

  const label = t('pos.refundTransaction', { number });
  return (
    <>
      <Tooltip title={withText ? undefined : label}>
        <Button
          type={withText ? 'default' : 'text'}
          icon={<RollbackOutlined />}
          aria-label={withText ? undefined : label}
          onClick={() => setOpen(true)}
        >
          {withText && t('pos.refund')}
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={label}
        okText={t('pos.confirmRefund')}
        okButtonProps={{ danger: true, loading: refund.isPending }}
        cancelText={t('crud.cancel')}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('pos.refundText')}</p>
        <Form layout="vertical" component={false}>
          <Form.Item
            label={t('pos.reason')}
            htmlFor="refund-reason"
            required
            validateStatus={touched && missing ? 'error' : undefined}
            help={
              touched && missing ? (
                <span id="refund-reason-error">{t('pos.reasonRequired')}</span>
              ) : undefined
            }
          >
            <Input.TextArea
              id="refund-reason"
              rows={3}
              maxLength={REASON_MAX}
              showCount
              value={reason}
              aria-invalid={touched && missing}
              aria-describedby={touched && missing ? 'refund-reason-error' : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
