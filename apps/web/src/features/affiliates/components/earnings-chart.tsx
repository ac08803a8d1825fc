import { useId } from 'react';
import { formatMoney } from '../../../lib/format';

export interface WeekAmount {
  /** ISO date of the week's Monday (UTC). */
  weekStart: string;
  /** AUD, decimal string. */
  amount: string;
}

const weekFormat = new Intl.DateTimeFormat('en-AU', {
  day: '2-digit',
  month: 'short',
  timeZone: 'UTC',
});

const weekLabel = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : weekFormat.format(date);
};

const WIDTH = 360;
const HEIGHT = 140;
const AXIS = 18;

/**
 * Earnings per week as plain SVG bars (no chart library on this page). Heights only need to be
 * proportional, so the decimal strings are read as numbers here and nowhere else.
 */
export function EarningsChart({ weeks }: { weeks: readonly WeekAmount[] }) {
  const titleId = useId();
  const values = weeks.map((week) => Math.max(0, Number(week.amount) || 0));
  const max = Math.max(...values, 0);
  const slot = weeks.length > 0 ? WIDTH / weeks.length : WIDTH;
  const barWidth = Math.max(4, slot * 0.62);
  const plotHeight = HEIGHT - AXIS;

  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={titleId} className="text-sm font-bold">
        Earnings by week{' '}
        <span className="font-normal text-muted">(AUD; weeks start Monday 00:00 UTC)</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={plotHeight + 0.5}
          y2={plotHeight + 0.5}
          stroke="var(--color-line)"
          strokeWidth="1"
        />
        {weeks.map((week, index) => {
          const value = values[index] ?? 0;
          const height =
            max > 0 ? Math.max(value > 0 ? 3 : 0, (value / max) * (plotHeight - 6)) : 0;
          const x = index * slot + (slot - barWidth) / 2;
          const label = `${weekLabel(week.weekStart)}: ${formatMoney(week.amount, 'AUD')}`;
          return (
            <g key={week.weekStart}>
              <rect
                x={x}
                y={plotHeight - height}
                width={barWidth}
                height={height}
                rx="3"
                fill={index === weeks.length - 1 ? 'var(--color-lime)' : 'var(--color-cyan)'}
              >
                <title>{label}</title>
              </rect>
              {/* Every other week is labelled when there are many, always including the latest. */}
              {weeks.length <= 6 || (weeks.length - 1 - index) % 2 === 0 ? (
                <text
                  x={index * slot + slot / 2}
                  y={HEIGHT - 4}
                  textAnchor="middle"
                  fontSize="9"
                  fill="var(--color-muted)"
                  aria-hidden="true"
                >
                  {weekLabel(week.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ul className="sr-only">
        {weeks.map((week) => (
          <li key={week.weekStart}>
            Week of {weekLabel(week.weekStart)}: {formatMoney(week.amount, 'AUD')}
          </li>
        ))}
      </ul>
    </figure>
  );
}
