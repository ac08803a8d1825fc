import { useMemo, useState } from 'react';
import { PaymentStatus, paymentStatusLabel, type AdminTransaction } from '@tmc/shared';
import type { Column } from '../../../components/ui/data-table';
import { StaffList, withAll } from '../../../components/ui/paged-list';
import { Badge } from '../../../components/ui/badge';
import {
  PARTIALLY_PAID,
  paymentModeLabel,
  PaymentStatusBadge,
} from '../../../components/ui/status-badges';
import { receivedLine } from '../../../lib/received-line';
import { formatMoney, shortHash } from '../../../lib/format';
import { ShortHash } from '../../../components/ui/explorer-link';
import { useListState } from '../../../lib/use-list-state';
import { useAdminTransactions } from '../api/get-admin-transactions';
import { Button } from '../../../components/ui/button';
import { MovePaymentDialog } from './move-payment-dialog';
import { SenderMatch } from './review-details';
import { AmountCell, HashLink, paymentModeOptions, whenAndWhoColumns } from './staff-cells';

const statusOptions = withAll(
  Object.values(PaymentStatus).map((status) => ({
    value: String(status),
    label: paymentStatusLabel(status),
  })),
);

/** The table's columns; `onMove` opens Move payment for a credited crypto order. */
const columnsWith = (onMove: (row: AdminTransaction) => void): Column<AdminTransaction>[] => [
  // The order's reference sits under the date: one column less, so the table fits 1280 px.
  ...whenAndWhoColumns<AdminTransaction>(
    { header: 'Created On', referenceClassName: 'font-mono text-muted' },
    { id: 'user', header: 'User' },
  ),
  {
    id: 'amount',
    header: 'Amount',
    cell: (row) => (
      <AmountCell
        amount={formatMoney(row.price, row.paymentMode === 1 ? row.tokenSymbol : row.currency)}
        local={
          row.userCurrency && row.userAmount ? formatMoney(row.userAmount, row.userCurrency) : null
        }
      />
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <span className="flex flex-col items-start gap-1">
        {row.paymentStatus === PaymentStatus.Pending && row.missing ? (
          <Badge tone="cyan">{PARTIALLY_PAID}</Badge>
        ) : (
          <PaymentStatusBadge status={row.paymentStatus} />
        )}
        <span className="text-muted">{paymentModeLabel(row.paymentMode)}</span>
        {receivedLine(row) ? (
          <span className="text-xs text-muted" data-testid="received-line">
            {receivedLine(row)}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'hash',
    header: 'Transaction Hash',
    cell: (row) =>
      row.txnHash ? (
        <span className="flex flex-col items-start gap-1">
          <HashLink kind="tx" value={row.txnHash} copyLabel="Copy transaction hash" />
          {row.paymentMode === 1 && row.paymentStatus === PaymentStatus.Success ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Move payment ${row.reference ?? shortHash(row.txnHash)}`}
              onClick={() => onMove(row)}
            >
              Move payment
            </Button>
          ) : null}
        </span>
      ) : (
        '-'
      ),
  },
  {
    id: 'sender',
    header: 'Sender',
    cell: (row) =>
      row.fromAddress ? (
        <span className="flex flex-col items-start gap-1">
          <ShortHash kind="address" value={row.fromAddress} />
          <SenderMatch matches={row.senderMatchesWallet} />
        </span>
      ) : (
        '-'
      ),
  },
];

export function AdminTransactions() {
  const list = useListState({ paymentStatus: '', paymentMode: '', email: '', txnHash: '' });
  const query = useAdminTransactions(list.params);
  const [moving, setMoving] = useState<AdminTransaction | null>(null);
  const columns = useMemo(() => columnsWith(setMoving), []);
  return (
    <StaffList
      title="Transactions"
      list={list}
      query={query}
      filters={[
        { kind: 'select', name: 'paymentStatus', label: 'Status', options: statusOptions },
        { kind: 'select', name: 'paymentMode', label: 'Payment mode', options: paymentModeOptions },
        { kind: 'search', name: 'email', label: 'User email' },
        { kind: 'search', name: 'txnHash', label: 'Transaction hash' },
      ]}
      columns={columns}
      emptyTitle="No transactions"
      emptyDescription="No transaction matches these filters."
    >
      <MovePaymentDialog transaction={moving} onClose={() => setMoving(null)} />
    </StaffList>
  );
}
