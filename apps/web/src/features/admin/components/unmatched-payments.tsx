import { useState } from 'react';
import {
  UNMATCHED_PAYMENT_STATUSES,
  unmatchedPaymentReasonLabel,
  type UnmatchedPayment,
  type UnmatchedPaymentStatus,
} from '@tmc/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { StaffList } from '../../../components/ui/paged-list';
import { formatAmount, formatDateTime, shortHash } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useUnmatchedPayments } from '../api/get-unmatched-payments';
import { HashLink } from './staff-cells';
import { UnmatchedPaymentDialog, type UnmatchedPaymentAction } from './unmatched-payment-dialog';

const statusLabel: Record<UnmatchedPaymentStatus, string> = {
  open: 'Open',
  assigned: 'Assigned',
  refunded: 'Refunded',
};
const statusTone: Record<UnmatchedPaymentStatus, BadgeTone> = {
  open: 'pink',
  assigned: 'success',
  refunded: 'muted',
};

const statusOptions = UNMATCHED_PAYMENT_STATUSES.map((status) => ({
  value: status,
  label: statusLabel[status],
}));

/**
 * Transfers to the company wallet that credited no order (short, excess, late, unknown sender,
 * over the hard cap): staff assign one to an order or record that it was refunded.
 */
export function UnmatchedPayments() {
  const list = useListState({ status: 'open' });
  const query = useUnmatchedPayments(list.params);
  const [target, setTarget] = useState<{
    payment: UnmatchedPayment;
    action: UnmatchedPaymentAction;
  } | null>(null);

  // Five stacked columns, so the actions stay on screen at 1280 px (the console's content is
  // about 1000 px wide there) and a phone shows each transfer as a card.
  const columns: Column<UnmatchedPayment>[] = [
    {
      id: 'transfer',
      header: 'Transfer',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <span className="whitespace-nowrap">{formatDateTime(row.blockTime)}</span>
          {row.reason === 'internal' ? (
            // No transaction of its own: the block where the wallet's balance rose unexplained.
            <span className="text-xs text-muted">
              Block {row.blockNumber}, through a contract: sender unknown
            </span>
          ) : (
            <>
              <HashLink kind="tx" value={row.txnHash} copyLabel="Copy transaction hash" />
              <span className="flex items-center gap-1 text-xs text-muted">
                from{' '}
                <HashLink kind="address" value={row.fromAddress} copyLabel="Copy sender address" />
              </span>
            </>
          )}
        </span>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-bold tabular-nums">
            {formatAmount(row.amount, 18)} {row.coin}
          </span>
          {/* Why it matched no order: moot once staff assigned or refunded it. */}
          {row.status === 'open' ? (
            <Badge tone="cyan">{unmatchedPaymentReasonLabel[row.reason]}</Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'order',
      header: 'Order',
      cell: (row) =>
        row.purchaseReference ? (
          <code className="font-mono">{row.purchaseReference}</code>
        ) : row.claimedFor.length ? (
          // What buyers said it pays: staff see it without opening the row.
          <span className="text-xs">
            Claimed:{' '}
            {row.claimedFor.map((reference, i) => (
              <span key={reference}>
                {i ? ', ' : ''}
                <code className="font-mono">{reference}</code>
              </span>
            ))}
          </span>
        ) : (
          '-'
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={statusTone[row.status]}>{statusLabel[row.status]}</Badge>
          {row.remark ? <span className="text-xs break-words text-muted">{row.remark}</span> : null}
        </span>
      ),
      className: 'min-w-32',
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) =>
        row.status === 'open' ? (
          <div className="flex flex-col items-stretch gap-2 sm:items-start">
            <Button
              size="sm"
              onClick={() => setTarget({ payment: row, action: 'assign' })}
              aria-label={`Assign payment ${shortHash(row.txnHash)}`}
            >
              Assign
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setTarget({ payment: row, action: 'refund' })}
              aria-label={`Mark payment ${shortHash(row.txnHash)} refunded`}
            >
              Mark refunded
            </Button>
          </div>
        ) : (
          <span className="text-muted">{formatDateTime(row.resolvedAt)}</span>
        ),
    },
  ];

  return (
    <StaffList
      title="Unmatched payments"
      list={list}
      query={query}
      filtersClassName="grid-cols-1 sm:grid-cols-2 md:grid-cols-4"
      filters={[{ kind: 'select', name: 'status', label: 'Status', options: statusOptions }]}
      columns={columns}
      emptyTitle={`No ${statusLabel[list.applied.status as UnmatchedPaymentStatus].toLowerCase()} unmatched payments`}
      emptyDescription="Transfers to the company wallet that match no order show up here."
    >
      <UnmatchedPaymentDialog target={target} onClose={() => setTarget(null)} />
    </StaffList>
  );
}
