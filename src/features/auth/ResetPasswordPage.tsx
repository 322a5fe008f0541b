import { zodResolver } from '@hookform/resolvers/zod';
import { useForgotPassword } from '@refinedev/core';
import { Button, Form, Input, Result } from 'antd';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormItem } from '../../crud/FormItem';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../../schema/auth';
import { AuthCard } from './AuthLayout';

/** /auth/reset-password: request a reset link by email (spec §2). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const {
    mutate: requestLink,
    isPending,
    data,
    variables,
  } = useForgotPassword<ForgotPasswordValues>();
  const { control, handleSubmit } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const backToLogin = <Link to="/auth/login">{t('auth.backToLogin')}</Link>;

  if (data?.success && variables) {
    return (
      <AuthCard title={t('auth.resetTitle')}>
        <Result
          status="success"
          subTitle={t('auth.resetSent', { email: variables.email })}
          extra={backToLogin}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      <form noValidate onSubmit={handleSubmit((values) => requestLink(values))}>
        <Form layout="vertical" component={false} requiredMark={false}>
          <FormItem control={control} name="email" label={t('auth.email')} required>
            {(field) => (
              <Input {...field} type="email" autoComplete="email" autoFocus size="large" />
            )}
          </FormItem>
          <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
            {t('auth.sendLink')}
          </Button>
          <div style={{ textAlign: 'center', marginTop: 24 }}>{backToLogin}</div>
        </Form>
      </form>
    </AuthCard>
  );
}
