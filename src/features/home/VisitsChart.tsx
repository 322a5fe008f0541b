import { theme } from 'antd';
import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitStats } from '../../schema/user';
import { formatDate as formatDay, formatNumber } from '../../schema/format';
import { CHART_HEIGHT, labelledDays, MAX_DAY_LABELS, niceStep } from './chartScale';

const AXIS_WIDTH = 52;
const DAY_LABELS_HEIGHT = 24;

/**
 * Visitors per day as SVG bars with a value axis, day labels and a tooltip (pointer or arrow
 * keys): no chart library, and a chunk of its own loaded after the figures.
 */
export default function VisitsChart({ daily }: { daily: VisitStats['daily'] }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [active, setActive] = useState<number | null>(null);
  // As many day labels as fit: about one per 80 px of the plot's width.
  const plot = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(400);
  useEffect(() => {
    const element = plot.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 400));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const dayLabels = Math.max(2, Math.min(MAX_DAY_LABELS, Math.floor(width / 80)));
  const step = niceStep(Math.max(0, ...daily.map((day) => day.visitors)));
  const top = Math.max(
    step,
    Math.ceil(Math.max(0, ...daily.map((day) => day.visitors)) / step) * step,
  );
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  const count = Math.max(daily.length, 1);
  const number = (value: number) => formatNumber(value, i18n.language);
  const dayOf = (date: string, options: Intl.DateTimeFormatOptions) =>
    formatDay(new Date(`${date}T00:00:00Z`), i18n.language, { ...options, timeZone: 'UTC' });
  const shortDay = (date: string) => dayOf(date, { day: 'numeric', month: 'short' });
  const label = (day: VisitStats['daily'][number]) =>
    t('home.chartVisitors', {
      count: day.visitors,
      value: number(day.visitors),
      date: dayOf(day.date, { dateStyle: 'medium' }),
    });
  const small: CSSProperties = {
    position: 'absolute',
    fontSize: token.fontSizeSM,
    color: token.colorTextSecondary,
    whiteSpace: 'nowrap',
    lineHeight: 1,
    fontVariantNumeric: 'tabular-nums',
  };
  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * count);
    setActive(Math.min(daily.length - 1, Math.max(0, index)));
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : daily.length - 1);
    } else if (delta) {
      event.preventDefault();
      setActive((now) =>
        Math.min(daily.length - 1, Math.max(0, (now ?? (delta > 0 ? -1 : daily.length)) + delta)),
      );
    } else if (event.key === 'Escape') setActive(null);
  };
  const shown = active === null ? undefined : daily[active];
  const first = daily[0];
  const last = daily.at(-1);

  return (
    <figure style={{ margin: 0 }}>
      <div style={{ position: 'relative', height: CHART_HEIGHT }}>
        {/* The value axis: round numbers, right-aligned beside the plot. */}
        <div
          aria-hidden
          style={{
            position: 'absolute',
            left: 0,
            width: AXIS_WIDTH - 8,
            top: 8,
            bottom: DAY_LABELS_HEIGHT,
          }}
        >
          {ticks.map((tick) => (
            <span
              key={tick}
              style={{
                ...small,
                right: 0,
                top: `${100 - (tick / top) * 100}%`,
                transform: 'translateY(-50%)',
              }}
            >
              {number(tick)}
            </span>
          ))}
        </div>
        <div
          ref={plot}
          role="group"
          tabIndex={0}
          aria-label={
            first && last
              ? t('home.chartLabel', {
                  from: dayOf(first.date, { dateStyle: 'medium' }),
                  to: dayOf(last.date, { dateStyle: 'medium' }),
                  max: number(Math.max(...daily.map((day) => day.visitors))),
                })
              : t('home.visitorsPerDay')
          }
          onPointerMove={pick}
          onPointerLeave={() => setActive(null)}
          onKeyDown={move}
          onBlur={() => setActive(null)}
          style={{
            position: 'absolute',
            left: AXIS_WIDTH,
            right: 0,
            top: 8,
            bottom: DAY_LABELS_HEIGHT,
            outlineOffset: 2,
            touchAction: 'pan-y',
          }}
        >
          <svg
            viewBox={`0 0 ${count} 100`}
            preserveAspectRatio="none"
            style={{ width: '100%', height: '100%', display: 'block', overflow: 'visible' }}
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={count}
                y1={100 - (tick / top) * 100}
                y2={100 - (tick / top) * 100}
                stroke={tick === 0 ? token.colorBorder : token.colorBorderSecondary}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {daily.map((day, index) => {
              const height = (day.visitors / top) * 100;
              return (
                <rect
                  key={day.date}
                  x={index + 0.15}
                  y={100 - height}
                  width={0.7}
                  height={height}
                  fill={token.colorPrimary}
                  opacity={active === null || active === index ? 0.9 : 0.45}
                >
                  <title>{label(day)}</title>
                </rect>
              );
            })}
          </svg>
          {shown ? (
            <div
              role="status"
              style={{
                position: 'absolute',
                bottom: `${(shown.visitors / top) * 100}%`,
                left: `${((active! + 0.5) / count) * 100}%`,
                transform: `translate(${active! < count / 2 ? '-10%' : '-90%'}, -8px)`,
                background: token.colorBgElevated,
                boxShadow: token.boxShadowSecondary,
                borderRadius: token.borderRadius,
                padding: '4px 8px',
                fontSize: token.fontSizeSM,
                whiteSpace: 'nowrap',
                pointerEvents: 'none',
              }}
            >
              {label(shown)}
            </div>
          ) : null}
        </div>
        {/* Day labels under the plot: the first, the last and evenly between. */}
        <div
          aria-hidden
          style={{
            position: 'absolute',
            left: AXIS_WIDTH,
            right: 0,
            bottom: 0,
            height: DAY_LABELS_HEIGHT - 6,
          }}
        >
          {labelledDays(daily.length, dayLabels).map((index) => {
            const edge = index === 0 ? '0' : index === daily.length - 1 ? '-100%' : '-50%';
            return (
              <span
                key={daily[index]!.date}
                style={{
                  ...small,
                  bottom: 0,
                  left: `${((index + 0.5) / count) * 100}%`,
                  transform: `translateX(${edge})`,
                }}
              >
                {shortDay(daily[index]!.date)}
              </span>
            );
          })}
        </div>
      </div>
    </figure>
  );
}
