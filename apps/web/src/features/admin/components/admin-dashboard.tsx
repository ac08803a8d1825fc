import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { PurchaseStatusBadge } from '../../../components/ui/status-badges';
import { cn } from '../../../lib/cn';
import { formatAmount, formatMoney } from '../../../lib/format';
import { useOpenUnmatchedCount } from '../api/get-unmatched-payments';
import { useAdminStats } from '../api/get-admin-stats';
import { ListHeader } from '../../../components/ui/list-toolbar';
import { DashboardCharts } from './dashboard-charts';
import { StageSales } from './stage-sales';
import { SystemRedBanner } from './system-status';

function Tile({
  label,
  value,
  hint,
  tone = 'text-fg',
  to,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: string;
  to?: string;
}) {
  const body = (
    <>
      <span className="text-xs font-black tracking-widest text-muted uppercase">{label}</span>
      <span className={cn('font-display text-2xl font-black break-words tabular-nums', tone)}>
        {value}
      </span>
      {hint ? <span className="text-sm text-muted">{hint}</span> : null}
    </>
  );
  const classes = 'card flex flex-col gap-1 p-5';
  return to ? (
    <Link to={to} className={cn(classes, 'transition hover:border-cyan')}>
      {body}
    </Link>
  ) : (
    <div className={classes}>{body}</div>
  );
}

/** "0.4%", or "less than 0.1%" for a raise too small to show at one decimal (not "0.0%"). */
export function percentText(percent: number): string {
  return percent > 0 && percent < 0.1 ? 'less than 0.1%' : `${percent.toFixed(1)}%`;
}

/** Share of the hard cap raised, in whole percent for the bar (display only). */
function percentOf(raised: string, cap: string): number {
  const capValue = Number(cap);
  if (!(capValue > 0)) return 0;
  return Math.min(100, Math.max(0, (Number(raised) / capValue) * 100));
}

interface AdminDashboardProps {
  /** Where "pending reviews" leads. */
  reviewsPath: string;
  payoutsPath: string;
  systemPath: string;
  unmatchedPaymentsPath: string;
}

export function AdminDashboard({
  reviewsPath,
  payoutsPath,
  systemPath,
  unmatchedPaymentsPath,
}: AdminDashboardProps) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminStats();
  const openUnmatched = useOpenUnmatchedCount();

  let body: ReactNode;
  if (isPending) body = <PageSpinner label="Loading the dashboard" />;
  else if (isError)
    body = <LoadError title="Could not load the dashboard" error={error} onRetry={refetch} />;
  else {
    const percent = percentOf(data.raisedAud, data.hardCapAud);
    body = (
      <div className="flex flex-col gap-5">
        <section aria-label="Raised against the hard cap" className="card flex flex-col gap-3 p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-display text-3xl font-black text-lime tabular-nums">
              {formatMoney(data.raisedAud, data.currency)}
            </p>
            <p className="text-muted">of {formatMoney(data.hardCapAud, data.currency)} hard cap</p>
          </div>
          <div
            role="progressbar"
            aria-label="Raised against the hard cap"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
            aria-valuetext={percentText(percent)}
            className="h-4 overflow-hidden rounded-full border-2 border-line bg-surface-2"
          >
            <div className="h-full rounded-full bg-lime" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-muted">{percentText(percent)} of the hard cap raised</p>
        </section>

        {/* What needs staff comes first: on a phone the charts are screens long. */}
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
          <Tile
            label="Pending reviews"
            value={data.pendingReviews}
            tone={data.pendingReviews > 0 ? 'text-cyan' : 'text-fg'}
            hint="Bank requests with a receipt: open the review queue"
            to={reviewsPath}
          />
          <Tile
            label="Unmatched payments"
            value={openUnmatched ?? '…'}
            tone={openUnmatched ? 'text-pink' : 'text-fg'}
            hint="Open transfers waiting for staff: assign or refund them"
            to={unmatchedPaymentsPath}
          />
          <Tile
            label="Tokens sold"
            value={formatAmount(data.tokensSold, 2, 2)}
            hint={data.tokenSymbol}
          />
          <Tile label="Verified crypto today" value={data.verifiedCryptoToday} />
          <Tile label="Awaiting bank payment" value={data.awaitingBankPayment} />
          <Tile label="Awaiting crypto payment" value={data.awaitingCryptoPayment} />
          <Tile label="Users" value={data.users} />
          <Tile
            label="Affiliates"
            value={data.affiliates}
            hint={`${data.influencers} influencer${data.influencers === 1 ? '' : 's'}`}
          />
          <Tile
            label="Pending commission"
            value={formatMoney(data.pendingCommission, data.currency)}
            tone="text-cyan"
            hint={`Approved ${formatMoney(data.approvedCommission, data.currency)}`}
            to={payoutsPath}
          />
          <Tile
            label="Paid commission"
            value={formatMoney(data.paidCommission, data.currency)}
            tone="text-success"
          />
        </div>

        <DashboardCharts />
        <StageSales />

        <section aria-labelledby="requests-by-status" className="card flex flex-col gap-3 p-5">
          <h2 id="requests-by-status" className="text-xl">
            Requests by status
          </h2>
          <ul className="flex flex-wrap gap-3">
            {data.requestsByStatus.map((entry) => (
              <li
                key={entry.status}
                className="flex items-center gap-2 rounded-2xl bg-surface-2 px-3 py-2"
              >
                <PurchaseStatusBadge status={entry.status} />
                <span className="font-display text-xl font-black tabular-nums">{entry.count}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader title="Dashboard" refreshing={isFetching} onRefresh={() => void refetch()} />
      <SystemRedBanner systemPath={systemPath} />
      {body}
    </div>
  );
}
