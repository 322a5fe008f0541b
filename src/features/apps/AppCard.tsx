import { ApiOutlined, CheckCircleFilled, LockOutlined, StarFilled } from '@ant-design/icons';
import { Button, Card, Flex, Rate, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveUploadUrl } from '../../crud/kinds/upload/uploadUrl';
import { appText, type AppEntry } from './catalogue';
import { formatDate } from '../../schema/format';

export type CardAction = 'connect' | 'disconnect' | 'customize';

interface Props {
  entry: AppEntry;
  /** What the viewer may do; none for administrators browsing the catalogue. */
  actions: readonly CardAction[];
  /** An administrator acting for the hotel: a lock is shown, but does not stop them. */
  onBehalf?: boolean;
  onAction: (action: CardAction, entry: AppEntry) => void;
}

const STATUS_COLORS = { available: 'default', connected: 'success', disconnected: 'warning' };

/** The app's picture (a square logo): its image, else its initial on a tinted tile. */
export function AppImage({
  src,
  name,
  size,
  className = '',
}: {
  src?: string | null;
  name: string;
  /** Width and height in pixels; unset: the container's width, square. */
  size?: number;
  className?: string;
}) {
  const url = src ? resolveUploadUrl(src) : undefined;
  const style = size ? { width: size, height: size } : undefined;
  return url ? (
    <img className={`app-image ${className}`} src={url} alt="" style={style} />
  ) : (
    <div className={`app-image app-image-placeholder ${className}`} style={style} aria-hidden>
      {name.trim().charAt(0).toUpperCase() || <ApiOutlined />}
    </div>
  );
}

/**
 * One app of the catalogue as a card: picture, name, featured badge, rating, what it does, the
 * hotel's state of it and its actions (each button names the app for screen readers).
 */
export function AppCard({ entry, actions, onBehalf = false, onAction }: Props) {
  const { t, i18n } = useTranslation();
  const { app, status, connection, customization, locked } = entry;
  const name = app.name;
  const headingId = `app-${app.id}-name`;
  const lockId = `app-${app.id}-lock`;
  const lockedForMe = locked && !onBehalf;
  const lockText = status === 'connected' ? t('apps.lockedConnected') : t('apps.locked');
  const number = new Intl.NumberFormat(i18n.language);
  const rating = typeof app.rating === 'number' ? app.rating : undefined;
  const connectedOn = connection?.connectedAt
    ? formatDate(new Date(connection.connectedAt), i18n.language, { dateStyle: 'medium' })
    : undefined;

  const buttons: ReactNode[] = [];
  if (actions.includes('connect') && status !== 'connected')
    buttons.push(
      <Button
        key="connect"
        type="primary"
        disabled={lockedForMe}
        aria-label={t('apps.connectApp', { name })}
        aria-describedby={lockedForMe ? lockId : undefined}
        onClick={() => onAction('connect', entry)}
      >
        {t('apps.connect')}
      </Button>,
    );
  if (actions.includes('customize') && status === 'connected')
    buttons.push(
      <Button
        key="customize"
        aria-label={t('apps.customizeApp', { name })}
        onClick={() => onAction('customize', entry)}
      >
        {t('apps.customize')}
      </Button>,
    );
  if (actions.includes('disconnect') && status === 'connected')
    buttons.push(
      <Button
        key="disconnect"
        danger
        disabled={lockedForMe}
        aria-label={t('apps.disconnectApp', { name })}
        aria-describedby={lockedForMe ? lockId : undefined}
        onClick={() => onAction('disconnect', entry)}
      >
        {t('apps.disconnect')}
      </Button>,
    );

  return (
    <Card
      className="app-card"
      // The card is a region named by the app, so its buttons are found within it.
      role="region"
      aria-labelledby={headingId}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, flex: 1 } }}
    >
      <Flex gap={12} align="start">
        <AppImage src={app.image} name={name} size={56} />
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={3} id={headingId} style={{ fontSize: 16, margin: 0 }}>
            {name}
          </Typography.Title>
          <Flex gap={4} wrap>
            <Tag
              color={STATUS_COLORS[status]}
              icon={status === 'connected' ? <CheckCircleFilled aria-hidden /> : undefined}
              style={{ marginInlineEnd: 0 }}
            >
              {t(`apps.status.${status}`)}
            </Tag>
            {app.featured ? (
              <Tag color="gold" icon={<StarFilled aria-hidden />} style={{ marginInlineEnd: 0 }}>
                {t('apps.featured')}
              </Tag>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
      {rating !== undefined ? (
        <Flex align="center" gap={8} wrap>
          <span role="img" aria-label={t('apps.rating', { rating: number.format(rating) })}>
            {/* The stars are a picture of the rating: its label says it, the list inside is noise. */}
            <span aria-hidden>
              <Rate
                disabled
                allowHalf
                value={Math.round(rating * 2) / 2}
                style={{ fontSize: 14 }}
              />
            </span>
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {number.format(rating)} ·{' '}
            {t('apps.reviews', { reviews: number.format(app.reviewCount ?? 0) })}
          </Typography.Text>
        </Flex>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {appText(app, i18n.language)}
      </Typography.Paragraph>
      {status === 'connected' && connectedOn ? (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {connection?.connectedBy
            ? t('apps.connectedBy', { date: connectedOn, name: connection.connectedBy })
            : connectedOn}
        </Typography.Text>
      ) : null}
      {status === 'connected' && customization?.title ? (
        <Typography.Text style={{ fontSize: 13 }}>
          {t('apps.shownAs', { title: customization.title })}
        </Typography.Text>
      ) : null}
      {locked && actions.length > 0 ? (
        <Typography.Text type="secondary" id={lockId} style={{ fontSize: 13 }}>
          <LockOutlined aria-hidden /> {onBehalf ? t('apps.selfConnectOff') : lockText}
        </Typography.Text>
      ) : null}
      {buttons.length ? (
        <Flex gap={8} wrap style={{ marginTop: 'auto', paddingTop: 8 }}>
          {buttons}
        </Flex>
      ) : null}
    </Card>
  );
}
