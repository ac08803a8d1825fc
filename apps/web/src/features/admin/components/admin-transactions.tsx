import { PaymentStatus, paymentStatusLabel, type AdminTransaction } from '@tmc/shared';
import type { Column } from '../../../components/ui/data-table';
import { StaffList, withAll } from '../../../components/ui/paged-list';
import { paymentModeLabel, PaymentStatusBadge } from '../../../components/ui/status-badges';
import { formatMoney, shortHash } from '../../../lib/format';
import { ExplorerLink } from '../../../components/ui/explorer-link';
import { useListState } from '../../../lib/use-list-state';
import { useAdminTransactions } from '../api/get-admin-transactions';
import { SenderMatch } from './review-details';
import { DateAndReference, HashLink, paymentModeOptions, PersonCell } from './staff-cells';

const statusOptions = withAll(
  Object.values(PaymentStatus).map((status) => ({
    value: String(status),
    label: paymentStatusLabel(status),
  })),
);

const columns: Column<AdminTransaction>[] = [
  {
    id: 'createdAt',
    header: 'Created On',
    // The order's reference sits under the date: one column less, so the table fits 1280 px.
    cell: (row) => (
      <DateAndReference
        date={row.createdAt}
        reference={row.reference}
        className="font-mono text-muted"
      />
    ),
    className: 'whitespace-nowrap',
  },
  {
    id: 'user',
    header: 'User',
    cell: (row) => <PersonCell name={row.user.name} email={row.user.email} />,
    className: 'min-w-36',
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: (row) => (
      <span className="flex flex-col whitespace-nowrap tabular-nums">
        <span className="font-bold">
          {formatMoney(row.price, row.paymentMode === 1 ? row.tokenSymbol : row.currency)}
        </span>
        {row.userCurrency && row.userAmount ? (
          <span className="text-muted">{formatMoney(row.userAmount, row.userCurrency)}</span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <span className="flex flex-col items-start gap-1">
        <PaymentStatusBadge status={row.paymentStatus} />
        <span className="text-muted">{paymentModeLabel(row.paymentMode)}</span>
      </span>
    ),
  },
  {
    id: 'hash',
    header: 'Transaction Hash',
    cell: (row) =>
      row.txnHash ? (
        <HashLink kind="tx" value={row.txnHash} copyLabel="Copy transaction hash" />
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
          <ExplorerLink kind="address" value={row.fromAddress}>
            <code className="font-mono" title={row.fromAddress}>
              {shortHash(row.fromAddress)}
            </code>
          </ExplorerLink>
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
    />
  );
}
