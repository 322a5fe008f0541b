import { CalendarOutlined, DownOutlined } from '@ant-design/icons';
import { useCustom, useOne } from '@refinedev/core';
import { Button, Card, Skeleton, theme, Typography } from 'antd';
import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiUrl } from '../../providers/http';
import { formatNumber } from '../../schema/format';
import type { User, VisitStats } from '../../schema/user';
import { hotelName, PICKER_WIDTHS, type Handover } from './pickerParts';
import { PanelBody } from './PanelBody';
import { VisitFigures } from './VisitFigures';

// antd's Select and RangePicker (with rc-select, rc-picker and the date library's parts) are the
// larger half of the administrators' overview: they load when a placeholder is first approached
// (pointer over it, focus, a press), not with the page. Plain flex boxes rather than antd's Flex:
// the build groups Flex with the amenity form's code, which importing it would fetch (~90 kB).
type Pickers = typeof import('./AdminPickers');
let pickersLoaded: Promise<Pickers> | undefined;
const loadPickers = () => (pickersLoaded ??= import('./AdminPickers'));

/** Keys that open a picker (as they open antd's). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** What the reader did to a placeholder: each loads the pickers, and is handed over to them. */
type Approach = { kind: 'hover' | 'focus' | 'blur' | 'open' } | { kind: 'type'; key: string };

/**
 * A light stand-in for a picker, drawn as antd draws a closed one (the theme's border, radius,
 * height): a button with the picker's accessible name and its value. Approaching it loads the
 * real picker; what the reader does meanwhile (focus, open, typed text) is told to `onApproach`.
 */
function PickerPlaceholder({
  which,
  label,
  role,
  onApproach,
  style,
  icon,
  children,
}: {
  which: 'hotel' | 'dates';
  label: string;
  role?: 'combobox';
  onApproach: (approach: Approach) => void;
  style: CSSProperties;
  icon: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (OPENING_KEYS.has(event.key)) {
      event.preventDefault();
      onApproach({ kind: 'open' });
    } else if (which === 'hotel' && event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
      // Typed before the picker arrived: its search starts with it.
      onApproach({ kind: 'type', key: event.key });
    }
  };
  return (
    <button
      type="button"
      role={role}
      aria-label={label}
      aria-expanded={role ? false : undefined}
      aria-haspopup={role ? 'listbox' : 'dialog'}
      onPointerEnter={() => {
        setHovered(true);
        onApproach({ kind: 'hover' });
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => onApproach({ kind: 'focus' })}
      onBlur={() => onApproach({ kind: 'blur' })}
      onClick={() => onApproach({ kind: 'open' })}
      onKeyDown={onKeyDown}
      style={{
        ...style,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: token.marginXS,
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - token.lineWidth}px`,
        border: `${token.lineWidth}px ${token.lineType} ${hovered ? token.colorPrimaryHover : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        color: token.colorText,
        font: 'inherit',
        fontSize: token.fontSize,
        textAlign: 'start',
        cursor: 'pointer',
        minWidth: 0,
      }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {children}
      </span>
      <span aria-hidden style={{ color: token.colorTextQuaternary, fontSize: token.fontSizeSM }}>
        {icon}
      </span>
    </button>
  );
}

/**
 * The hotel picker and the period: placeholders until one is approached, then antd's pickers,
 * which take the placeholder's focus, opening and typed text over.
 */
function StatisticsPickers({
  hotel,
  from,
  to,
  change,
}: {
  hotel?: number;
  from?: string;
  to?: string;
  change: (next: { hotel?: number; from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [pickers, setPickers] = useState<{ module: Pickers; handover: Handover }>();
  const handover = useRef<Handover>({ open: false, typed: '' });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const approach = (which: 'hotel' | 'dates', approached: Approach) => {
    const seen = handover.current;
    if (approached.kind === 'blur') {
      if (seen.focus === which) Object.assign(seen, { focus: undefined, open: false });
      return;
    }
    if (approached.kind !== 'hover') seen.focus = which;
    if (approached.kind === 'open') seen.open = true;
    if (approached.kind === 'type') seen.typed += approached.key;
    void loadPickers().then((module) => {
      // What was seen until the chunk arrived goes to the pickers, once.
      if (mounted.current) setPickers((shown) => shown ?? { module, handover: { ...seen } });
    });
  };
  // The chosen hotel's name for the placeholder (the picker asks the same, from the cache).
  const { result: chosen } = useOne<User>({
    resource: 'users',
    id: hotel ?? 0,
    queryOptions: { enabled: hotel !== undefined && !pickers },
    errorNotification: false,
  });
  if (pickers) {
    const { HotelPicker, DateRange } = pickers.module;
    return (
      <>
        <HotelPicker
          value={hotel}
          onChange={(id) => change({ hotel: id })}
          handover={pickers.handover}
        />
        <DateRange from={from} to={to} onChange={change} handover={pickers.handover} />
      </>
    );
  }
  // Secondary, not antd's placeholder grey: this is a button's text, which must be readable
  // (the placeholder grey had 1.83:1 in light mode, 2.24:1 in dark).
  const secondary = (text: string) => (
    <span style={{ color: token.colorTextSecondary }}>{text}</span>
  );
  return (
    <>
      <PickerPlaceholder
        which="hotel"
        role="combobox"
        label={t('home.hotel')}
        onApproach={(approached) => approach('hotel', approached)}
        style={PICKER_WIDTHS.hotel}
        icon={<DownOutlined />}
      >
        {hotel === undefined ? t('home.allHotels') : chosen ? hotelName(chosen) : '…'}
      </PickerPlaceholder>
      <PickerPlaceholder
        which="dates"
        label={t('home.dateRange')}
        onApproach={(approached) => approach('dates', approached)}
        style={PICKER_WIDTHS.dates}
        icon={<CalendarOutlined />}
      >
        {from ?? secondary(t('home.from'))} → {to ?? secondary(t('home.to'))}
      </PickerPlaceholder>
    </>
  );
}

/** The most visited hotels in the period; choosing one shows its figures. */
function TopHotels({
  hotels,
  onPick,
}: {
  hotels: NonNullable<VisitStats['topHotels']>;
  onPick: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const most = Math.max(1, ...hotels.map((hotel) => hotel.visitors));
  if (!hotels.length)
    return <Typography.Text type="secondary">{t('home.noVisitsAdmin')}</Typography.Text>;
  return (
    <ol aria-label={t('home.topHotels')} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {hotels.map((hotel, index) => (
        <li key={hotel.id} style={{ marginBottom: 12 }}>
          <div
            style={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 8,
              alignItems: 'baseline',
            }}
          >
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', textAlign: 'start', whiteSpace: 'normal' }}
              onClick={() => onPick(hotel.id)}
              aria-label={t('home.showHotel', { hotel: hotel.name })}
            >
              {index + 1}. {hotel.name}
            </Button>
            <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(hotel.visitors, i18n.language)}
            </Typography.Text>
          </div>
          <div
            aria-hidden
            style={{
              height: 4,
              marginTop: 4,
              borderRadius: 2,
              width: `${(hotel.visitors / most) * 100}%`,
              background: token.colorPrimary,
              opacity: 0.7,
            }}
          />
        </li>
      ))}
    </ol>
  );
}

/**
 * The administrators' statistics on the overview (issue 28): all hotels or one, over a date range
 * (both kept in the address: `?hotel=&from=&to=`), and the top hotels by visitors.
 */
export default function AdminStatistics() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const hotel = /^[1-9]\d*$/.test(params.get('hotel') ?? '')
    ? Number(params.get('hotel'))
    : undefined;
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const change = (next: { hotel?: number; from?: string; to?: string }) => {
    const merged = { hotel, from, to, ...next };
    setParams(
      Object.fromEntries(
        Object.entries(merged)
          .filter(([, value]) => value !== undefined && value !== '')
          .map(([key, value]) => [key, String(value)]),
      ),
      { replace: true },
    );
  };
  const query = new URLSearchParams(
    Object.entries({ ownerId: hotel, from, to })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  const { query: stats } = useCustom<VisitStats>({
    url: apiUrl(`/stats${query ? `?${query}` : ''}`),
    method: 'get',
    errorNotification: false,
  });
  const data = stats.data?.data;

  const figures = (
    <PanelBody query={stats} data={data} rows={4} failed={t('home.loadError')}>
      {(loaded) => <VisitFigures stats={loaded} empty={t('home.noVisitsAdmin')} />}
    </PanelBody>
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
      <Card
        title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('home.statistics')}</h2>}
        aria-busy={stats.isFetching}
      >
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 24 }}>
          <StatisticsPickers hotel={hotel} from={from} to={to} change={change} />
        </div>
        {figures}
      </Card>
      {/* All hotels: which are visited most (one hotel's page has no ranking). */}
      {hotel === undefined ? (
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('home.topHotels')}</h2>}>
          {data?.topHotels ? (
            <TopHotels hotels={data.topHotels} onPick={(id) => change({ hotel: id })} />
          ) : stats.isError ? null : (
            <Skeleton active />
          )}
        </Card>
      ) : null}
    </div>
  );
}
