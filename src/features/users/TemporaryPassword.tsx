import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormItem } from '../../crud/FormItem';
import { showSubmitError } from '../../crud/serverErrors';
import { apiUrl, http } from '../../providers/http';
import { temporaryPasswordSchema, type TemporaryPasswordValues } from '../../schema/account';
import { useToasts } from '../../providers/toasts';

/**
 * A hotel's account tab: an administrator sets a temporary password (for a hotel that cannot
 * receive mail). The account's sessions end; it is asked to choose its own after signing in.
 */
export function TemporaryPassword({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useForm<TemporaryPasswordValues>({
    resolver: zodResolver(temporaryPasswordSchema),
    defaultValues: { password: '' },
  });
  // A temporary password ends the account's sessions: asked first, once the password is valid.
  const [asking, setAsking] = useState<string | null>(null);
  const submit = handleSubmit(({ password }) => setAsking(password));
  const send = async (password: string) => {
    setAsking(null);
    try {
      await http.post(apiUrl(`/users/${id}/temporary-password`), { password });
      reset();
      notification.success({ message: t('userTabs.temporarySet', { name }) });
    } catch (failure) {
      showSubmitError(
        failure,
        (name, message) =>
          setError(name as keyof TemporaryPasswordValues, { type: 'server', message }),
        notification,
        t('userTabs.temporaryFailed'),
      );
    }
  };
  return (
    <section aria-labelledby="temporary-password" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="temporary-password" style={{ fontSize: 16 }}>
        {t('userTabs.temporaryTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('userTabs.temporaryHelp', { name })}
      </Typography.Paragraph>
      <form noValidate onSubmit={submit} aria-labelledby="temporary-password">
        <Form layout="vertical" component={false}>
          <Space align="start" wrap>
            <FormItem
              control={control}
              name="password"
              label={t('userTabs.temporaryLabel')}
              required
            >
              {(field) => (
                <Input.Password {...field} autoComplete="new-password" style={{ width: 280 }} />
              )}
            </FormItem>
            <Popconfirm
              open={asking !== null}
              title={t('userTabs.temporaryConfirm', { name })}
              okText={t('userTabs.temporaryButton')}
              cancelText={t('crud.cancel')}
              onConfirm={() => void send(asking!)}
              onCancel={() => setAsking(null)}
            >
              <Button htmlType="submit" loading={isSubmitting} style={{ marginTop: 30 }}>
                {t('userTabs.temporaryButton')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      </form>
    </section>
  );
}
