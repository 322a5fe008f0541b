import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiUrl, http } from '../../providers/http';
import { AuthCard } from './AuthLayout';

/**
 * /auth/verify-email?token=…: the link of the verification mail confirms the account's address.
 * One request per token (a query, so a second render does not spend the single-use link again).
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { isPending, isSuccess } = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await http.post(apiUrl('/auth/verify-email'), { token });
      return true;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const signIn = (
    <Link key="sign-in" to="/auth/login">
      <Button type="primary" tabIndex={-1}>
        {t('auth.signIn')}
      </Button>
    </Link>
  );
  return (
    <AuthCard title={t('auth.verifyTitle')}>
      {token && isPending ? (
        <div style={{ textAlign: 'center', padding: 24 }} role="status">
          <Spin />
          <p>{t('auth.verifying')}</p>
        </div>
      ) : isSuccess ? (
        <Result status="success" subTitle={t('auth.emailVerified')} extra={signIn} />
      ) : (
        <Result status="error" subTitle={t('auth.invalidVerifyLink')} extra={signIn} />
      )}
    </AuthCard>
  );
}
