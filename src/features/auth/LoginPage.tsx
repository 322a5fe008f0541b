import { zodResolver } from '@hookform/resolvers/zod';
import { useLogin } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormItem } from '../../crud/FormItem';
import { takeSessionExpired } from '../../providers/session';
import { loginSchema, type LoginValues } from '../../schema/auth';
import { AuthCard } from './AuthLayout';

export default function LoginPage() {
  const { t } = useTranslation();
  const [expired] = useState(takeSessionExpired);
  const { mutate: login, isPending } = useLogin<LoginValues>();
  const { control, handleSubmit } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      {expired && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={t('auth.tokenExpired')}
          description={t('auth.tokenExpiredDetail')}
          style={{ marginBottom: 24 }}
        />
      )}
      <form noValidate onSubmit={handleSubmit((values) => login(values))}>
        <Form layout="vertical" component={false} requiredMark={false}>
          <FormItem control={control} name="email" label={t('auth.email')} required>
            {(field) => (
              <Input {...field} type="email" autoComplete="username" autoFocus size="large" />
            )}
          </FormItem>
          <FormItem control={control} name="password" label={t('auth.password')} required>
            {(field) => <Input.Password {...field} autoComplete="current-password" size="large" />}
          </FormItem>
          <div style={{ textAlign: 'end', marginBottom: 24 }}>
            <Link to="/auth/reset-password">{t('auth.forgotPassword')}</Link>
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
            {t('auth.signIn')}
          </Button>
        </Form>
      </form>
    </AuthCard>
  );
}
