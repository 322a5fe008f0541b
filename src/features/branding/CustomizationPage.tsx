import { useGetIdentity } from '@refinedev/core';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { isAdministrator } from '../../schema/resource';
import type { User } from '../../schema/user';
import { BrandingForm } from './BrandingForm';

/**
 * /dashboard/customization: the signed-in hotel's branding — general, design, app and social
 * sections — with the live guest-app preview beside them (below on narrow screens).
 * Administrators own no hotel: they change a hotel's branding on its page in the users list.
 */
export default function CustomizationPage() {
  const { t } = useTranslation();
  const { data: user, isLoading } = useGetIdentity<User>();
  return (
    <Card>
      <PageHeader title={t('branding.title')} />
      <QueryState
        isLoading={isLoading}
        isError={false}
        failed={t('branding.loadError')}
        framed={false}
      >
        {user && isAdministrator(user) ? (
          <Alert
            type="info"
            showIcon
            message={t('branding.adminHint')}
            action={<Link to="/dashboard/user/list">{t('resources.users.menu.list')}</Link>}
          />
        ) : (
          user && (
            <>
              <Typography.Paragraph type="secondary">{t('branding.intro')}</Typography.Paragraph>
              <BrandingForm
                sections={['general', 'design', 'app', 'social']}
                hotel={{
                  slug: user.slug,
                  company: user.company,
                  locales: user.locales,
                  sourceLocale: user.sourceLocale,
                }}
              />
            </>
          )
        )}
      </QueryState>
    </Card>
  );
}
