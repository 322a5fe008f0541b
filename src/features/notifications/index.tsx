import { lazy } from 'react';
import { defineFeature } from '../types';

const NotificationPage = lazy(() => import('./NotificationPage'));
const ManageNotificationPage = lazy(() => import('./ManageNotificationPage'));

/** The hotel's one active notification: an overview and a manage screen, not the generic list. */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  // /dashboard/message is the notification overview, not a redirect to the generic list.
  extend: { notifications: { indexElement: <NotificationPage /> } },
  routes: [
    {
      path: '/dashboard/message/manage',
      element: <ManageNotificationPage />,
      access: { resource: 'notifications', action: 'create' },
    },
  ],
  screens: [
    {
      key: '/dashboard/message',
      label: 'nav.notifications',
      path: '/dashboard/message',
      icon: 'bell',
      group: 'management',
      before: 'amenities',
      access: { resource: 'notifications', action: 'list' },
    },
    {
      key: '/dashboard/message/manage',
      label: 'nav.manageNotification',
      path: '/dashboard/message/manage',
      icon: 'notificationEdit',
      group: 'management',
      before: 'amenities',
      access: { resource: 'notifications', action: 'create' },
    },
  ],
});
