import { UserAddOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../crud/serverErrors';
import { useAction } from '../../crud/useAction';
import { useToasts } from '../../providers/toasts';
import { hotelGroups } from '../../resources/hotelGroups';
import { InviteFields, type Invite } from '../members/InviteFields';

type Row = Record<string, unknown> & { id: number };
const ACTION = 'resources.hotel-groups.actions.addMember';

/**
 * "Add a person to all hotels" on a hotel group (administrators, issue 40): the invitation's
 * fields, sent once; the server adds the person to every hotel of the group, or to none.
 */
export default function AddMemberAction({ record }: { record: Row }) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Invite>();
  const add = useAction<{ members: unknown[] } & Row>(hotelGroups, 'addMember');
  const name = String(record.name ?? '');

  const submit = async () => {
    const values = await form.validateFields();
    add.run(
      { ...values },
      {
        id: record.id,
        onSuccess: (answer) => {
          const count = answer.members.length;
          notification.success({ message: t(`${ACTION}.added`, { name: values.name, count }) });
          form.resetFields();
          setOpen(false);
        },
        onError: (error) => {
          showFieldErrors(error, (field, text) =>
            form.setFields([{ name: field as keyof Invite, errors: [text] }]),
          );
          notification.error({ message: t(`${ACTION}.failed`), description: error.message });
        },
      },
    );
  };

  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {t(`${ACTION}.label`)}
      </Button>
      <Modal
        open={open}
        title={t(`${ACTION}.title`, { name })}
        okText={t(`${ACTION}.submit`)}
        cancelText={t('crud.cancel')}
        confirmLoading={add.isPending}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t(`${ACTION}.intro`)}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ role: 'manager' }}>
          <InviteFields />
        </Form>
      </Modal>
    </>
  );
}
