import { useList } from '@refinedev/core';
import { Form, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkInputProps } from '../../crud/extension';

/**
 * The bulk "Set app permission" input: one app of the catalogue, and whether the chosen hotels
 * may connect it themselves (stored per hotel and app, as the App permissions page does).
 */
export default function AppPermissionInput({ value, onChange }: BulkInputProps) {
  const { t } = useTranslation();
  const { result, query } = useList({
    resource: 'apps',
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: 'name', order: 'asc' }],
    errorNotification: false,
  });
  const apps = result?.data ?? [];
  // Allowed unless turned off: the default of a hotel without a record.
  useEffect(() => {
    if (value.canSelfConnect === undefined) onChange({ ...value, canSelfConnect: true });
  }, [value, onChange]);
  const base = 'resources.users.actions.setAppPermission';
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t(`${base}.app`)} htmlFor="bulk-app" required>
        <Select
          id="bulk-app"
          loading={query.isLoading}
          value={value.appId as number | undefined}
          placeholder={t('crud.choose')}
          options={apps.map((app) => ({ value: app.id as number, label: String(app.name) }))}
          onChange={(appId) => onChange({ ...value, appId })}
        />
      </Form.Item>
      <Form.Item label={t(`${base}.allowed`)} htmlFor="bulk-allowed">
        <Switch
          id="bulk-allowed"
          checked={value.canSelfConnect !== false}
          onChange={(canSelfConnect) => onChange({ ...value, canSelfConnect })}
        />
      </Form.Item>
    </Form>
  );
}
