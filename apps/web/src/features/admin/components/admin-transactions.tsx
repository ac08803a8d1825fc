import { PaymentStatus, paymentStatusLabel, type AdminTransaction } from '@tmc/shared';
import { ExplorerLink } from '../../../components/ui/explorer-link';
import { CopyButton } from '../../../components/ui/copy-button';
import { DataTable, queryTableProps, type Column } from '../../../components/ui/data-table';
import { Select } from '../../../components/ui/select';
import { paymentModeLabel, PaymentStatusBadge } from '../../../components/ui/status-badges';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime, formatMoney, shortHash } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useAdminTransactions } from '../api/get-admin-transactions';
import { ListHeader } from '../../../components/ui/list-toolbar';
import { SenderMatch } from './review-details';
import { BreakableText } from '../../../components/ui/breakable-text';

const statusOptions = [
  { value: '', label: 'All' },
  ...Object.values(PaymentStatus).map((status) => ({
    value: String(status),
    label: paymentStatusLabel(status),
  })),
];

const modeOptions = [
  { value: '', label: 'All' },
  { value: '0', label: 'Bank' },
  { value: '1', label: 'Crypto' },
];

const columns: Column<AdminTransaction>[] = [
  {
    id: 'createdAt',
    header: 'Created On',
    // The order's reference sits under the date: one column less, so the table fits 1280 px.
    cell: (row) => (
      <span className="flex flex-col">
        <span>{formatDateTime(row.createdAt)}</span>
        {row.reference ? <code className="font-mono text-muted">{row.reference}</code> : null}
      </span>
    ),
    className: 'whitespace-nowrap',
  },
  {
    id: 'user',
    header: 'User',
    cell: (row) => (
      <span className="flex flex-col">
        <span className="font-bold">{row.user.name}</span>
        <BreakableText text={row.user.email} className="text-muted" />
      </span>
    ),
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
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <ExplorerLink kind="tx" value={row.txnHash}>
            <code className="font-mono" title={row.txnHash}>
              {shortHash(row.txnHash)}
            </code>
          </ExplorerLink>
          <CopyButton value={row.txnHash} iconOnly ariaLabel="Copy transaction hash" />
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
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        filtering={list.pending}
        title="Transactions"
        count={query.data?.totalResults}
        countIsEstimate={query.data?.totalIsEstimate}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        filters={
          <>
            <Select
              label="Status"
              options={statusOptions}
              value={list.filters.paymentStatus}
              onChange={(event) => list.setFilter('paymentStatus', event.target.value)}
            />
            <Select
              label="Payment mode"
              options={modeOptions}
              value={list.filters.paymentMode}
              onChange={(event) => list.setFilter('paymentMode', event.target.value)}
            />
            <TextField
              label="User email"
              type="search"
              value={list.filters.email}
              onChange={(event) => list.setFilter('email', event.target.value)}
            />
            <TextField
              label="Transaction hash"
              type="search"
              value={list.filters.txnHash}
              onChange={(event) => list.setFilter('txnHash', event.target.value)}
            />
          </>
        }
      />
      <DataTable<AdminTransaction>
        caption="Transactions"
        columns={columns}
        emptyTitle="No transactions"
        emptyDescription="No transaction matches these filters."
        {...queryTableProps(query)}
        {...list.paging}
      />
    </div>
  );
}
