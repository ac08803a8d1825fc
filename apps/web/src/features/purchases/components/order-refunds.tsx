import { useState, type FormEvent } from 'react';
import { refundRules, refundStateLabel, type Refund } from '@tmc/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextArea } from '../../../components/ui/text-area';
import { toast } from '../../../components/ui/toast';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useRequestRefund } from '../api/request-refund';

export const refundStateTone: Record<Refund['state'], BadgeTone> = {
  requested: 'pink',
  approved: 'cyan',
  paid: 'success',
  declined: 'muted',
};

const requester: Record<Refund['requestedBy'], string> = {
  buyer: 'you',
  staff: 'our team',
  system: 'the site, for what was paid beyond the order',
};

/** One refund's steps, oldest first: asked, approved, then paid or declined (with the reason). */
function RefundSteps({ refund }: { refund: Refund }) {
  const steps: { label: string; at: string | null; detail?: string }[] = [
    {
      label: `Requested by ${requester[refund.requestedBy]}`,
      at: refund.createdAt,
      detail: refund.reason,
    },
    ...(refund.approvedAt ? [{ label: 'Approved', at: refund.approvedAt }] : []),
    ...(refund.paidAt
      ? [
          {
            label: 'Paid',
            at: refund.paidAt,
            detail: refund.evidence ? `Reference: ${refund.evidence}` : undefined,
          },
        ]
      : []),
    ...(refund.declinedAt
      ? [{ label: 'Declined', at: refund.declinedAt, detail: refund.declineReason ?? undefined }]
      : []),
  ];
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold tabular-nums">
          {formatAmount(refund.amount, 18)} {refund.coin}
        </span>
        <Badge tone={refundStateTone[refund.state]}>{refundStateLabel[refund.state]}</Badge>
      </div>
      <p className="text-xs break-all text-muted">To {refund.destination}</p>
      <ol className="flex flex-col gap-1 text-sm">
        {steps.map((step) => (
          <li key={step.label}>
            <span className="font-bold">{step.label}</span>
            {step.at ? <span className="text-muted"> · {formatDateTime(step.at)}</span> : null}
            {step.detail ? <p className="break-words">{step.detail}</p> : null}
          </li>
        ))}
      </ol>
    </li>
  );
}

/**
 * The order's refunds and, while it can still be refunded, the buyer's way to ask for one with
 * the rules in words.
 */
export function OrderRefunds({
  purchaseId,
  refunds,
  canRequest,
}: {
  purchaseId: string;
  refunds: Refund[];
  canRequest: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const request = useRequestRefund(purchaseId);
  const inProgress = refunds.some((r) => r.state === 'requested' || r.state === 'approved');
  if (!refunds.length && !canRequest) return null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return;
    try {
      const { message } = await request.mutateAsync({ reason: reason.trim() });
      toast.success(message || 'Refund requested');
      setOpen(false);
      setReason('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <section aria-labelledby="order-refunds" className="card flex flex-col gap-4 p-5 sm:p-6">
      <h2 id="order-refunds" className="text-xl">
        Refunds
      </h2>
      {refunds.length ? (
        <ul className="flex flex-col gap-3">
          {refunds.map((refund) => (
            <RefundSteps key={refund.id} refund={refund} />
          ))}
        </ul>
      ) : null}
      {canRequest && !inProgress ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Request a refund
        </Button>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        dismissible={!request.isPending}
        title="Request a refund"
      >
        <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <ul className="list-disc pl-5 text-sm">
            {refundRules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <TextArea
            label="Why do you want a refund?"
            required
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending} disabled={!reason.trim()}>
              Send request
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
