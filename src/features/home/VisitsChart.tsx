import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitStats } from '../../schema/user';
import { formatDate as formatDay, formatNumber } from '../../schema/format';

const HEIGHT = 120;

/** Visitors per day as plain SVG bars: no chart library on the home route. */
export function VisitsChart({ daily }: { daily: VisitStats['daily'] }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const max = Math.max(1, ...daily.map((day) => day.visitors));
  const barWidth = 100 / Math.max(daily.length, 1);
  const formatDate = (date: string) =>
    formatDay(new Date(`${date}T00:00:00Z`), i18n.language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  return (
    <svg
      role="img"
      aria-label={t('home.visitorsPerDay')}
      viewBox={`0 0 100 ${HEIGHT}`}
      preserveAspectRatio="none"
      style={{ width: '100%', height: HEIGHT, display: 'block' }}
    >
      {daily.map((day, index) => {
        const height = (day.visitors / max) * (HEIGHT - 4);
        return (
          <rect
            key={day.date}
            x={index * barWidth + barWidth * 0.15}
            y={HEIGHT - height}
            width={barWidth * 0.7}
            height={height}
            rx={0.4}
            fill={token.colorPrimary}
            opacity={0.85}
          >
            <title>
              {t('home.chartSummary', {
                value: formatNumber(day.visitors, i18n.language),
                date: formatDate(day.date),
              })}
            </title>
          </rect>
        );
      })}
    </svg>
  );
}
