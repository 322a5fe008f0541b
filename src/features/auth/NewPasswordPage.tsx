import { zodResolver } from '@hookform/resolvers/zod';
import { useUpdatePassword } from '@refinedev/core';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormItem } from '../../crud/FormItem';
import { newPasswordSchema, type NewPasswordValues } from '../../schema/auth';
import { AuthCard } from './AuthLayout';

/** /auth/new-password?token=…: set a new password from the emailed link (spec §2, §5). */
export default function NewPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const {
    mutate: updatePassword,
    isPending,
    data,
  } = useUpdatePassword<{ token: string; password: string }>();
  const { control, handleSubmit } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const backToLogin = <Link to="/auth/login">{t('auth.backToLogin')}</Link>;

  if (data?.success) {
    return (
      <AuthCard title={t('auth.newPasswordTitle')}>
        <Result
          status="success"
          subTitle={t('auth.passwordUpdated')}
          extra={
            <Link to="/auth/login">
              <Button type="primary">{t('auth.signIn')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.newPasswordTitle')} subtitle={t('auth.newPasswordSubtitle')}>
      {!token && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('auth.missingResetToken')}
          action={<Link to="/auth/reset-password">{t('auth.requestNewLink')}</Link>}
          style={{ marginBottom: 24 }}
        />
      )}
      <form
        noValidate
        onSubmit={handleSubmit(({ password }) => updatePassword({ token, password }))}
      >
        <Form layout="vertical" component={false} requiredMark={false}>
          <FormItem control={control} name="password" label={t('auth.newPassword')} required>
            {(field) => (
              <Input.Password {...field} autoComplete="new-password" autoFocus size="large" />
            )}
          </FormItem>
          <FormItem
            control={control}
            name="confirmPassword"
            label={t('auth.confirmPassword')}
            required
          >
            {(field) => <Input.Password {...field} autoComplete="new-password" size="large" />}
          </FormItem>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={isPending}
            disabled={!token}
          >
            {t('auth.savePassword')}
          </Button>
          <div style={{ textAlign: 'center', marginTop: 24 }}>{backToLogin}</div>
        </Form>
      </form>
    </AuthCard>
  );
}
