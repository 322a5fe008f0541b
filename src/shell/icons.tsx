import {
  ApiOutlined,
  AppstoreOutlined,
  BellOutlined,
  BgColorsOutlined,
  NotificationOutlined,
  CalendarOutlined,
  ShopOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FormOutlined,
  InboxOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { IconName } from '../schema/resource';

/** Declarations name their icon; the shell draws it. */
export const ICONS: Record<IconName, ComponentType> = {
  dashboard: AppstoreOutlined,
  users: TeamOutlined,
  tags: TagsOutlined,
  environment: EnvironmentOutlined,
  file: FileTextOutlined,
  form: FormOutlined,
  bell: BellOutlined,
  notificationEdit: NotificationOutlined,
  shop: ShopOutlined,
  calendar: CalendarOutlined,
  brush: BgColorsOutlined,
  apps: ApiOutlined,
  inbox: InboxOutlined,
};
