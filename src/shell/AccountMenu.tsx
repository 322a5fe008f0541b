import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '../schema/user';
import { inHeader } from './popupContainer';

/** The own account page (a feature's route; the shell links to it by path). */
const ACCOUNT_PATH = '/dashboard/user/account';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/**
 * The user's picture, or their initials when there is none or it does not load: a 32 px circle
 * as antd's Avatar draws it (`.stay-avatar` in global.css), without its code on every page.
 */
function Avatar({ src, name }: { src?: string | null; name: string }) {
  const [failed, setFailed] = useState<string>();
  return (
    <span className="stay-avatar">
      {src && failed !== src ? (
        <img src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}

export function AccountMenu() {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<User>();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <Dropdown
      trigger={['click']}
      getPopupContainer={inHeader}
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <div>
                <strong>{user.name}</strong>
                <div>{t('header.signedInAs', { email: user.email })}</div>
              </div>
            ),
          },
          { type: 'divider' },
          { key: 'account', icon: <UserOutlined />, label: t('account.menu') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'account') void navigate(ACCOUNT_PATH);
          if (key === 'logout') logout();
        },
      }}
    >
      <Button type="text" aria-label={t('header.account')} style={{ height: 48, padding: 4 }}>
        <Avatar src={user.avatar} name={user.name} />
      </Button>
    </Dropdown>
  );
}
