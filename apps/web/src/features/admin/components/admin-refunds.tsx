import { useState, type FormEvent } from 'react';
import { REFUND_STATES, refundStateLabel, type AdminRefund, type RefundState } from '@tmc/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { StaffList, withAll } from '../../../components/ui/paged-list';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useDecideRefund } from '../api/decide-refund';
import { downloadRefundSafeTx } from '../api/download-refund-safe-tx';
import { useRefunds } from '../api/get-refunds';
import { HashLink } from './staff-cells';

const stateTone: Record<RefundState, BadgeTone> = {
  requested: 'pink',
  approved: 'cyan',
  paid: 'success',
  declined: 'muted',
};

type Counts = Record<RefundState, number>;

/** Declining needs a reason the buyer reads; a bank refund is marked paid with its reference. */
function ReasonDialog({
  target,
  onClose,
}: {
  target: { refund: AdminRefund; step: 'decline' | 'paid' } | null;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const decide = useDecideRefund();
  const close = () => {
    setText('');
    onClose();
  };
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!target || !text.trim()) return;
    try {
      const { message } = await decide.mutateAsync({
        refundId: target.refund.id,
        action:
          target.step === 'decline'
            ? { step: 'decline', reason: text.trim() }
            : { step: 'paid', evidence: text.trim() },
      });
      toast.success(message || 'Done');
      close();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }
  const decline = target?.step === 'decline';
  return (
    <Dialog
      open={target !== null}
      onClose={close}
      dismissible={!decide.isPending}
      title={decline ? 'Decline refund' : 'Mark bank refund paid'}
      description={
        target
          ? `${formatAmount(target.refund.amount, 18)} ${target.refund.coin}${target.refund.purchaseReference ? ` for ${target.refund.purchaseReference}` : ''}`
          : undefined
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <TextField
          label={decline ? 'Reason (the buyer reads it)' : 'Bank reference'}
          required
          maxLength={decline ? 1000 : 200}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={close} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={decide.isPending} disabled={!text.trim()}>
            {decline ? 'Decline' : 'Mark paid'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The refunds queue: requested ones to approve or decline, approved ones to send (the Safe batch
 * for crypto, which the payment watcher then sees paid; the bank reference for bank).
 */
export function AdminRefunds() {
  const list = useListState({ state: 'requested' });
  const query = useRefunds(list.params);
  const decide = useDecideRefund();
  const [target, setTarget] = useState<{
    refund: AdminRefund;
    step: 'decline' | 'paid';
  } | null>(null);
  const counts = (query.data as { counts?: Counts } | undefined)?.counts;
  const stateOptions = REFUND_STATES.map((state) => ({
    value: state,
    label: counts ? `${refundStateLabel[state]} (${counts[state]})` : refundStateLabel[state],
  }));

  async function approve(refund: AdminRefund) {
    try {
      const { message } = await decide.mutateAsync({
        refundId: refund.id,
        action: { step: 'approve' },
      });
      toast.success(message || 'Refund approved');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  const columns: Column<AdminRefund>[] = [
    {
      id: 'refund',
      header: 'Refund',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-bold tabular-nums">
            {formatAmount(row.amount, 18)} {row.coin}
          </span>
          <span className="text-xs text-muted">{formatDateTime(row.createdAt)}</span>
        </span>
      ),
    },
    {
      id: 'for',
      header: 'For',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          {row.purchaseReference ? (
            <code className="font-mono">{row.purchaseReference}</code>
          ) : (
            <span>Unmatched transfer</span>
          )}
          {row.buyerEmail ? <span className="text-xs text-muted">{row.buyerEmail}</span> : null}
          <span className="text-xs break-words text-muted">{row.reason}</span>
        </span>
      ),
    },
    {
      id: 'destination',
      header: 'To',
      cell: (row) =>
        row.coin === 'AUD' ? (
          <span className="text-xs break-words">{row.destination}</span>
        ) : (
          <HashLink kind="address" value={row.destination} copyLabel="Copy refund address" />
        ),
    },
    {
      id: 'state',
      header: 'State',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={stateTone[row.state]}>{refundStateLabel[row.state]}</Badge>
          {row.declineReason ? (
            <span className="text-xs break-words text-muted">{row.declineReason}</span>
          ) : null}
          {row.evidence ? (
            row.coin === 'AUD' ? (
              <span className="text-xs">{row.evidence}</span>
            ) : (
              <HashLink kind="tx" value={row.evidence} copyLabel="Copy transaction hash" />
            )
          ) : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="flex flex-col items-stretch gap-2 sm:items-start">
          {row.state === 'requested' ? (
            <>
              <Button size="sm" loading={decide.isPending} onClick={() => void approve(row)}>
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setTarget({ refund: row, step: 'decline' })}
              >
                Decline
              </Button>
            </>
          ) : null}
          {row.state === 'approved' && row.coin !== 'AUD' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                void downloadRefundSafeTx(row.id).catch((error: unknown) =>
                  toast.error(error instanceof Error ? error.message : String(error)),
                )
              }
            >
              Safe batch
            </Button>
          ) : null}
          {row.state === 'approved' && row.coin === 'AUD' ? (
            <Button size="sm" onClick={() => setTarget({ refund: row, step: 'paid' })}>
              Mark paid
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <StaffList
      title="Refunds"
      list={list}
      query={query}
      filtersClassName="grid-cols-1 sm:grid-cols-2 md:grid-cols-4"
      filters={[{ kind: 'select', name: 'state', label: 'State', options: withAll(stateOptions) }]}
      columns={columns}
      emptyTitle="No refunds here"
      emptyDescription="Refunds buyers ask for, staff start, and overpaid excess show up here."
    >
      <ReasonDialog target={target} onClose={() => setTarget(null)} />
    </StaffList>
  );
}
