import { useCreate, useList, useUpdate, type HttpError } from '@refinedev/core';
import { Button, Form, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveErrorNotification } from '../../crud/form/saveError';
import { useDeleteRecord } from '../../crud/useDeleteRecord';
import { members } from '../../resources/members';
import { HOTEL_ROLES, type HotelRole } from '../../schema/access';
import { LoginAsAction } from '../users/LoginAsAction';
import { InviteFields, type Invite } from './InviteFields';

interface Member {
  id: number;
  /** The person's account ("log in as" opens it). */
  userId: number;
  name: string;
  email: string;
  role: HotelRole;
  invitation: 'pending' | 'accepted';
}

/** A member's account as "log in as" needs it (a member who may sign in: the server decides). */
const personOf = (member: Member) => ({
  id: member.userId,
  name: member.name,
  isAdmin: false,
  isSuperAdmin: false,
  status: 'active' as const,
  disabled: false,
});

/**
 * A hotel's members on its user page (administrators, issue 40): who they are, their role (changed
 * in place), whether they took up their invitation; invite someone, remove someone. The server's
 * rules answer for the rest (the last manager stays, 409).
 */
export default function MembersTab({ ownerId }: { ownerId: number }) {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const [form] = Form.useForm<Invite>();
  const { result, query } = useList<Member>({
    resource: members.name,
    filters: [{ field: 'ownerId', operator: 'eq', value: ownerId }],
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
  });
  const { mutateAsync: create, mutation: creating } = useCreate<
    Member,
    HttpError,
    Invite & { ownerId: number }
  >();
  const { mutate: update } = useUpdate<Member>();
  const { remove } = useDeleteRecord(members.name, 'membersTab.removed');
  const label = (key: string) => t(`resources.members.fields.${key}`);
  const roleOptions = HOTEL_ROLES.map((role) => ({
    value: role,
    label: t(`resources.members.options.role.${role}`),
  }));

  const invite = async () => {
    const values = await form.validateFields();
    await create({
      resource: members.name,
      values: { ...values, ownerId },
      // In words (Refine's default names the resource by its key: "members.members").
      successNotification: () => ({
        type: 'success',
        message: t('membersTab.invited', { email: values.email }),
      }),
      errorNotification: (error) => saveErrorNotification(t, error, 'create'),
    });
    form.resetFields();
    setInviting(false);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setInviting(true)}>
        {t('resources.members.menu.create')}
      </Button>
      <Table<Member>
        rowKey="id"
        loading={query.isLoading}
        dataSource={result.data}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: label('name'), dataIndex: 'name' },
          { title: label('email'), dataIndex: 'email' },
          {
            title: label('role'),
            dataIndex: 'role',
            render: (role: HotelRole, member) => (
              <Select
                aria-label={t('membersTab.roleOf', { name: member.name })}
                value={role}
                options={roleOptions}
                style={{ minWidth: 130 }}
                onChange={(value) =>
                  update({
                    resource: members.name,
                    id: member.id,
                    values: { role: value },
                    errorNotification: (error) => saveErrorNotification(t, error, 'edit'),
                    successNotification: () => ({
                      type: 'success',
                      message: t('membersTab.roleChanged', {
                        name: member.name,
                        role: t(`resources.members.options.role.${value}`),
                      }),
                    }),
                  })
                }
              />
            ),
          },
          {
            title: label('invitation'),
            dataIndex: 'invitation',
            render: (state: Member['invitation']) => (
              <Tag color={state === 'accepted' ? 'green' : 'orange'}>
                {t(`resources.members.options.invitation.${state}`)}
              </Tag>
            ),
          },
          {
            key: 'remove',
            render: (_value, member) => (
              <Space size={4}>
                <LoginAsAction record={personOf(member)} hotel={ownerId} />
                <Popconfirm
                  title={t('membersTab.removeConfirm', { name: member.name })}
                  okText={t('membersTab.remove')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('crud.cancel')}
                  // The last manager stays (409): the toast gives the server's reason.
                  onConfirm={() => void remove(member.id, member.name)}
                >
                  <Button danger aria-label={t('membersTab.removeNamed', { name: member.name })}>
                    {t('membersTab.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={inviting}
        title={t('resources.members.menu.create')}
        okText={t('membersTab.sendInvitation')}
        cancelText={t('crud.cancel')}
        confirmLoading={creating.isPending}
        onOk={() => void invite().catch(() => undefined)}
        onCancel={() => setInviting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ role: 'staff' }}>
          <InviteFields />
        </Form>
      </Modal>
    </Space>
  );
}
