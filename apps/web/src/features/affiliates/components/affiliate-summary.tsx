import { useId, type ReactNode } from 'react';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { useAffiliateSummary } from '../api/get-affiliate-summary';
import { EarningsChart } from './earnings-chart';
import { HeldForDestination, useHeldForDestination } from './held-for-destination';

function Stat({
  label,
  value,
  tone = 'text-fg',
  hint,
}: {
  label: string;
  value: ReactNode;
  tone?: string;
  hint?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border-2 border-line bg-surface-2 p-4">
      <dt className="text-xs font-black tracking-widest text-muted uppercase">{label}</dt>
      <dd className={cn('font-display text-2xl font-black break-words tabular-nums', tone)}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

const skeleton = (
  <div
    role="status"
    aria-label="Loading your affiliate summary"
    className="h-40 animate-skeleton rounded-[var(--radius-chunky)] bg-surface-2"
  />
);

/** Totals, the referral funnel and a chart of earnings by week, above the earnings list. */
export function AffiliateSummaryStrip() {
  const { data, isPending, isError } = useAffiliateSummary();
  const held = useHeldForDestination();
  const funnelId = useId();
  if (isPending) return skeleton;
  if (isError) return null;

  const funnel = [
    { label: 'Clicks', value: data.funnel.clicks },
    { label: 'Sign-ups', value: data.funnel.signUps },
    { label: 'Verified', value: data.funnel.verified },
    { label: 'Buyers', value: data.funnel.buyers },
  ];
  const hasAdjustments = /[1-9]/.test(data.adjustments);

  return (
    <section aria-label="Affiliate summary" className="card grid gap-6 p-5 sm:p-6 md:grid-cols-2">
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-3">
          <Stat
            label="Referred users"
            value={data.referredUsers}
            tone="text-lime"
            hint="Signed up with your link"
          />
          <Stat label="Total earned" value={formatMoney(data.totalEarned, data.currency)} />
          <Stat
            label="Pending"
            value={formatMoney(data.pending, data.currency)}
            tone="text-cyan"
            hint="In the hold period"
          />
          <Stat
            label="Approved"
            value={formatMoney(data.approved, data.currency)}
            tone="text-lime"
            hint={held ? <HeldForDestination /> : 'Due in the next payout'}
          />
          <Stat label="Paid" value={formatMoney(data.paid, data.currency)} tone="text-success" />
          {hasAdjustments ? (
            <Stat
              label="Adjustments"
              value={formatMoney(data.adjustments, data.currency)}
              tone="text-danger"
              hint="Taken off the next payout"
            />
          ) : null}
        </dl>
        <div className="flex flex-col gap-2">
          <h2 id={funnelId} className="text-sm font-bold">
            Referral funnel
          </h2>
          <ol aria-labelledby={funnelId} className="flex flex-wrap items-center gap-1.5">
            {funnel.map((step, index) => (
              <li key={step.label} className="flex items-center gap-1.5">
                {index > 0 ? <ChevronRightIcon aria-hidden="true" className="text-muted" /> : null}
                <span className="flex flex-col items-center rounded-xl bg-surface-2 px-3 py-1.5">
                  <span className="font-display text-xl font-black tabular-nums">{step.value}</span>
                  <span className="text-xs text-muted">{step.label}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <EarningsChart weeks={data.earningsByWeek} />
    </section>
  );
}
