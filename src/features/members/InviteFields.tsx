import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOTEL_ROLES, type HotelRole } from '../../schema/access';

/** What inviting someone asks: the person's name and address, and their role. */
export interface Invite {
  name: string;
  email: string;
  role: HotelRole;
}

/**
 * The fields of an invitation (a hotel's Members tab, a hotel group's "Add a person to all
 * hotels"), labelled as the members' declaration labels them; inside an antd Form.
 */
export function InviteFields() {
  const { t } = useTranslation();
  const label = (key: string) => t(`resources.members.fields.${key}`);
  const roleOptions = HOTEL_ROLES.map((role) => ({
    value: role,
    label: t(`resources.members.options.role.${role}`),
  }));
  return (
    <>
      <Form.Item name="name" label={label('name')} rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={label('email')} rules={[{ required: true, type: 'email' }]}>
        <Input type="email" />
      </Form.Item>
      <Form.Item name="role" label={label('role')} rules={[{ required: true }]}>
        <Select options={roleOptions} />
      </Form.Item>
    </>
  );
}
