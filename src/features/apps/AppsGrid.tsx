import { Checkbox, Col, Empty, Flex, Input, Row } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../crud/QueryState';
import { AppCard, type CardAction } from './AppCard';
import { matches, type AppEntry } from './catalogue';
import { ConnectDialog } from './ConnectDialog';
import { CustomizeDialog } from './CustomizeDialog';
import { DisconnectDialog } from './DisconnectDialog';
import type { HotelScope } from './useHotelApps';
import type { useHotelApps } from './useHotelApps';
import './apps.css';

interface Props {
  data: ReturnType<typeof useHotelApps>;
  /** The hotel acted for; none: the catalogue is only browsed (an administrator's own page). */
  scope?: HotelScope;
  /** Only the hotel's connected apps (a hotel's apps tab), without search. */
  connectedOnly?: boolean;
  /** What the cards offer. */
  actions?: readonly CardAction[];
}

type Open = { action: CardAction; appId: number } | null;

/**
 * The catalogue as cards with a search box and a "Featured only" filter, or a hotel's connected
 * apps; each card's Connect, Disconnect and Customize open their dialogs.
 */
export function AppsGrid({
  data,
  scope,
  connectedOnly = false,
  actions = ['connect', 'disconnect', 'customize'],
}: Props) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [featuredOnly, setFeaturedOnly] = useState(false);
  const search = useDeferredValue(query);
  const [open, setOpen] = useState<Open>(null);

  const shown = useMemo(
    () =>
      data.entries.filter((entry) =>
        connectedOnly
          ? entry.status === 'connected'
          : matches(entry, search, featuredOnly, i18n.language),
      ),
    [data.entries, connectedOnly, search, featuredOnly, i18n.language],
  );
  // The dialog follows the entry's latest state (a connection that just landed).
  const current: AppEntry | undefined = open
    ? data.entries.find((entry) => entry.app.id === open.appId)
    : undefined;
  const close = () => setOpen(null);
  const canAct = scope ? actions : [];

  const empty = connectedOnly
    ? t('apps.noneConnected')
    : data.entries.length === 0
      ? t('apps.emptyCatalogue')
      : t('apps.empty');

  return (
    <div className="apps-grid">
      {!connectedOnly ? (
        <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('apps.search')}
            aria-label={t('apps.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            style={{ maxWidth: 360, flex: '1 1 220px' }}
          />
          <Checkbox
            checked={featuredOnly}
            onChange={(event) => setFeaturedOnly(event.target.checked)}
          >
            {t('apps.featuredOnly')}
          </Checkbox>
        </Flex>
      ) : null}
      <QueryState
        isLoading={data.isLoading}
        isError={data.isError}
        error={data.error}
        failed={t('apps.loadError')}
        retry={data.retry}
        framed={false}
      >
        {shown.length === 0 ? (
          <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Row gutter={[16, 16]} role="list" aria-label={t('apps.title')}>
            {shown.map((entry) => (
              <Col
                key={entry.app.id}
                xs={24}
                sm={12}
                lg={8}
                xxl={6}
                role="listitem"
                style={{ display: 'flex' }}
              >
                <AppCard
                  entry={entry}
                  actions={canAct}
                  onBehalf={scope?.onBehalf}
                  onAction={(action, chosen) => setOpen({ action, appId: chosen.app.id })}
                />
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
      {scope && current && open?.action === 'connect' ? (
        <ConnectDialog entry={current} scope={scope} onClose={close} />
      ) : null}
      {scope && current && open?.action === 'disconnect' ? (
        <DisconnectDialog entry={current} scope={scope} onClose={close} />
      ) : null}
      {scope && current && open?.action === 'customize' ? (
        <CustomizeDialog entry={current} scope={scope} onClose={close} />
      ) : null}
    </div>
  );
}
