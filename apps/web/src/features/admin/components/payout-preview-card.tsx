import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import {
  formatLocalEquivalent,
  formatMoney,
  formatPayoutPeriod,
  formatUtcCutoff,
} from '../../../lib/format';
import { useCreatePayout } from '../api/create-payout';
import { usePayoutPreview, type PayoutTier } from '../api/get-payout-preview';
import { ConfirmDialog } from './confirm-dialog';
import { PayoutLines } from './payout-lines';

/** The batch due for the last complete period of a tier, and the button that creates it. */
export function PayoutPreviewCard({ tier }: { tier: PayoutTier }) {
  const query = usePayoutPreview(tier);
  const create = useCreatePayout();
  const [confirming, setConfirming] = useState(false);

  async function onCreate() {
    try {
      const { message } = await create.mutateAsync(tier);
      toast.success(message || 'Payout batch created');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setConfirming(false);
    }
  }

  if (query.isPending) {
    return (
      <div className="card grid place-items-center p-10 text-2xl text-lime">
        <Spinner label="Loading the batch due" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError title="Could not preview the batch" error={query.error} onRetry={query.refetch} />
    );
  }

  const preview = query.data;
  const period = formatPayoutPeriod(preview.periodStart, preview.periodEnd);
  const localCutoff = formatLocalEquivalent(preview.periodEnd);
  const existing = preview.existingPayout;
  return (
    <section aria-label={`Batch due, tier ${tier}`} className="card flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl">
            {existing ? 'Batch made' : 'Batch due'}: {period}
          </h2>
          <p className="text-sm text-muted">
            Cut-off{' '}
            <time dateTime={preview.periodEnd} className="font-bold text-fg">
              {formatUtcCutoff(preview.periodEnd)}
            </time>
            {localCutoff ? ` (${localCutoff})` : null}: commissions created by{' '}
            <time dateTime={preview.approvedBy}>{formatUtcCutoff(preview.approvedBy)}</time> (
            {preview.holdDays}-day hold), less adjustments.
          </p>
        </div>
        {/* Once the batch exists, its own total: what is still due here is nothing. */}
        <p className="font-display text-3xl font-black text-lime tabular-nums">
          {existing
            ? formatMoney(existing.total, existing.currency)
            : formatMoney(preview.total, preview.currency)}
        </p>
      </div>

      {existing ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          This period already has a batch:
          <Badge tone={existing.status === 'paid' ? 'success' : 'cyan'}>{existing.status}</Badge>
          {formatMoney(existing.total, existing.currency)} to {existing.affiliates} affiliate
          {existing.affiliates === 1 ? '' : 's'}.
        </p>
      ) : null}

      {preview.lines.length > 0 ? (
        <PayoutLines lines={preview.lines} caption={`Batch due for ${period}`} />
      ) : (
        <p className="rounded-2xl bg-surface-2 p-4 text-sm text-muted">
          No approved earnings are due for this period. Commissions are paid once their hold period
          has passed by the end of a complete period.
        </p>
      )}

      {preview.held.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-black tracking-widest text-muted uppercase">
            Held (no payout destination, or one changed recently)
          </h3>
          <p className="text-sm text-muted">
            These affiliates are owed but cannot be paid yet: some have not said where to pay them,
            others replaced their destination in the last 3 days (they were e-mailed, and have time
            to say it was not them). Their lines stay out of the batch until then, and each of them
            is e-mailed why when the batch is made.
          </p>
          <PayoutLines lines={preview.held} caption="Held" />
        </div>
      ) : null}

      {preview.carriedForward.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-black tracking-widest text-muted uppercase">
            Carried forward (adjustments above earnings)
          </h3>
          <PayoutLines lines={preview.carriedForward} caption="Carried forward" />
        </div>
      ) : null}

      {existing ? null : (
        <Button
          className="self-start"
          disabled={preview.lines.length === 0 || create.isPending}
          onClick={() => setConfirming(true)}
        >
          Create batch
        </Button>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Create the tier ${tier} batch for ${period}?`}
        confirmLabel="Create batch"
        busy={create.isPending}
        onConfirm={() => void onCreate()}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-sm text-muted">
          {formatMoney(preview.total, preview.currency)} to {preview.lines.length} affiliate
          {preview.lines.length === 1 ? '' : 's'}. Download the CSV to make the transfers, then mark
          the batch paid with the transfer reference.
        </p>
      </ConfirmDialog>
    </section>
  );
}
