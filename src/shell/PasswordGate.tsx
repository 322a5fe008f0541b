import { useGetIdentity } from '@refinedev/core';
import { lazy, Suspense, type ReactNode } from 'react';
import type { User } from '../schema/user';
import { RouteProgress } from './RouteProgress';

const ChoosePassword = lazy(() => import('../features/account/ChoosePassword'));

/**
 * A session with a temporary password sees only "choose your password" (the server refuses it
 * everything else); the dashboard opens once the user chose their own.
 */
export function PasswordGate({ children }: { children: ReactNode }) {
  const { data: user } = useGetIdentity<User>();
  if (user?.mustChangePassword) {
    return (
      <Suspense fallback={<RouteProgress />}>
        <ChoosePassword />
      </Suspense>
    );
  }
  return children;
}
