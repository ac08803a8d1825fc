import { memo, useEffect, useRef, type ReactNode } from 'react';
import type uPlot from 'uplot';
import type { AdminCharts } from '@tmc/shared';
import { LoadError } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { useAdminCharts } from '../api/get-admin-charts';
import { FigureTable } from './figure-table';

const COLORS = {
  lime: '#d4ff3a',
  cyan: '#3de8ff',
  pink: '#ff4fd8',
  amber: '#ffc14d',
  axis: '#b3b3d1',
  grid: 'rgba(179, 179, 209, 0.15)',
};

const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A line (or bars) series; the values are for drawing only, the table shows the exact figures. */
export interface Series {
  label: string;
  color: string;
  values: number[];
  dash?: number[];
  bars?: boolean;
}

let dayFormat: Intl.DateTimeFormat | undefined;
/** A time axis label in the console's own form ("23 Nov"), for the UTC day it falls on. */
export function dayTick(seconds: number): string {
  dayFormat ??= new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return dayFormat.format(new Date(seconds * 1000));
}

/**
 * The raised line alone: with the hard cap drawn too, the scale runs to the cap and an early
 * presale's raise lies flat on 0. The cap is in the summary and the table.
 */
export function raisedSeries(data: AdminCharts): Series[] {
  return [
    {
      label: 'Raised (AUD)',
      color: COLORS.lime,
      values: data.days.map((d) => Number(d.raisedAud)),
    },
  ];
}

/** Axis labels: AUD in k and M, counts as they are. */
const tickText = (money: boolean) => (t: number) =>
  !money ? `${t}` : t >= 1_000_000 ? `${t / 1_000_000}M` : t >= 1000 ? `${t / 1000}k` : `${t}`;

/**
 * uPlot and its styles, loaded when a chart is first drawn (uPlot reads the screen's pixel ratio
 * as it loads). The styles are inlined: a CSS file of a lazy chunk would add its name to the
 * preload list of the entry chunk every page loads.
 */
let library: Promise<typeof uPlot> | undefined;
const loadUplot = () =>
  (library ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css?inline')]).then(
    ([{ default: UPlot }, { default: css }]) => {
      addUplotStyles(css);
      return UPlot;
    },
    (err: unknown) => {
      // Tried again on the next chart (a lost connection is no reason to give up for good).
      library = undefined;
      throw err;
    },
  ));

function addUplotStyles(css: string) {
  if (document.getElementById('uplot-styles')) return;
  const style = document.createElement('style');
  style.id = 'uplot-styles';
  style.textContent = css;
  document.head.append(style);
}

/** A uPlot chart as wide as its box (down to 360 px screens), drawn again when the box resizes. */
function Chart({ x, series, money }: { x: number[]; series: Series[]; money: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let gone = false;
    void loadUplot().then(
      (UPlot) => {
        if (gone) return;
        const axis = {
          stroke: COLORS.axis,
          grid: { stroke: COLORS.grid, width: 1 },
          ticks: { stroke: COLORS.grid, width: 1 },
          font: '12px system-ui, sans-serif',
        };
        const bars = UPlot.paths.bars?.({ size: [0.6, 24] });
        const chart = new UPlot(
          {
            width: Math.max(280, el.clientWidth),
            height: 220,
            cursor: { drag: { x: false, y: false } },
            legend: { show: true, live: false },
            scales: { x: { time: true } },
            axes: [
              { ...axis, space: 60, values: (_u, ticks) => ticks.map(dayTick) },
              { ...axis, size: money ? 64 : 40, values: (_u, ticks) => ticks.map(tickText(money)) },
            ],
            series: [
              {},
              ...series.map((s) => ({
                label: s.label,
                stroke: s.color,
                width: 2,
                dash: s.dash,
                ...(s.bars ? { paths: bars, fill: `${s.color}99` } : {}),
                points: { show: !s.bars && x.length < 40 },
              })),
            ],
          },
          [x, ...series.map((s) => s.values)],
          el,
        );
        plot = chart;
        resize = new ResizeObserver(() =>
          chart.setSize({ width: Math.max(280, el.clientWidth), height: 220 }),
        );
        resize.observe(el);
      },
      // Without a chart the table below still holds every figure.
      () => undefined,
    );
    return () => {
      gone = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [x, series, money]);
  return <div ref={box} aria-hidden="true" className="dashboard-chart w-full min-w-0" />;
}

/** A chart with its figures as a table (what screen readers read; anyone can open it). */
function ChartCard({
  id,
  title,
  summary,
  chart,
  table,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <figure aria-labelledby={id} className="card flex min-w-0 flex-col gap-3 p-5">
      <figcaption className="flex flex-col gap-1">
        <h2 id={id} className="text-xl">
          {title}
        </h2>
        <p className="text-sm text-muted">{summary}</p>
      </figcaption>
      {chart}
      <details className="text-sm">
        <summary className="cursor-pointer font-bold text-cyan">
          Show the figures as a table
        </summary>
        {/* Focusable, so a keyboard can scroll a long table. */}
        <div
          tabIndex={0}
          role="region"
          aria-label={`${title}: figures`}
          className="mt-2 max-h-72 overflow-auto"
        >
          {table}
        </div>
      </details>
    </figure>
  );
}

/** Memoised: the charts are drawn again only when their figures change. */
const Charts = memo(function Charts({ data }: { data: AdminCharts }) {
  const aud = (v: string) => formatMoney(v, data.currency);
  const days = data.days.map((d) => secondsOf(d.date));
  const weeks = data.weeks.map((w) => secondsOf(w.weekStart));
  const last = data.days.at(-1);
  const soldInWindow = data.days.reduce((n, d) => n + d.sales, 0);
  return (
    <div className="grid min-w-0 gap-4 xl:grid-cols-2">
      <ChartCard
        id="chart-raised"
        title="Raised over time"
        summary={`${last ? aud(last.raisedAud) : '—'} raised of a ${aud(data.hardCapAud)} hard cap, by day (UTC). The scale follows the amount raised.`}
        chart={<Chart x={days} money series={raisedSeries(data)} />}
        table={
          <FigureTable
            caption="AUD raised at the end of each day, against the hard cap"
            head={['Day', 'Raised', 'Hard cap']}
            rows={data.days.map((d) => [d.date, aud(d.raisedAud), aud(data.hardCapAud)])}
          />
        }
      />
      <ChartCard
        id="chart-sales"
        title="Sales per day by method"
        summary={`${soldInWindow} accepted sale${soldInWindow === 1 ? '' : 's'} in the last ${data.days.length} days, in AUD by payment method.`}
        chart={
          <Chart
            x={days}
            money
            series={[
              {
                label: 'Bank',
                color: COLORS.lime,
                values: data.days.map((d) => Number(d.bankAud)),
              },
              { label: 'ETH', color: COLORS.cyan, values: data.days.map((d) => Number(d.ethAud)) },
              {
                label: 'USDC',
                color: COLORS.amber,
                values: data.days.map((d) => Number(d.usdcAud)),
              },
            ]}
          />
        }
        table={
          <FigureTable
            caption="Accepted sales per day in AUD by payment method"
            head={['Day', 'Bank', 'ETH', 'USDC', 'Sales']}
            rows={data.days
              .filter((d) => d.sales > 0)
              .map((d) => [d.date, aud(d.bankAud), aud(d.ethAud), aud(d.usdcAud), d.sales])}
          />
        }
      />
      <ChartCard
        id="chart-funnel"
        title="Affiliate funnel per week"
        summary="Referral clicks, sign-ups through a referral and referred buyers (first accepted purchase), per week starting Monday."
        chart={
          <Chart
            x={weeks}
            money={false}
            series={[
              {
                label: 'Clicks',
                color: COLORS.cyan,
                values: data.weeks.map((w) => w.clicks),
              },
              {
                label: 'Sign-ups',
                color: COLORS.lime,
                values: data.weeks.map((w) => w.signups),
              },
              {
                label: 'Buyers',
                color: COLORS.pink,
                values: data.weeks.map((w) => w.buyers),
              },
            ]}
          />
        }
        table={
          <FigureTable
            caption="Affiliate funnel per week"
            head={['Week of', 'Clicks', 'Sign-ups', 'Buyers']}
            rows={data.weeks.map((w) => [w.weekStart, w.clicks, w.signups, w.buyers])}
          />
        }
      />
    </div>
  );
});

/** The dashboard's charts (uPlot, in the console's own chunk only). */
export function DashboardCharts() {
  const { data, isPending, isError, error, refetch } = useAdminCharts(90);
  if (isPending)
    return (
      <p className="card flex items-center gap-2 p-5 text-muted" role="status">
        <Spinner /> Loading the charts…
      </p>
    );
  if (isError)
    return <LoadError title="Could not load the charts" error={error} onRetry={refetch} />;
  return <Charts data={data} />;
}
