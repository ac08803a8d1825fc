import { refundStateLabel, type BuyerRefund } from '@tmc/shared';
import { Badge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/data-table';
import { BuyerList } from '../../../components/ui/paged-list';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useMyRefunds } from '../api/get-my-refunds';
import { OrderReferenceLink } from './order-reference-link';
import { refundStateTone } from './order-refunds';

type Row = BuyerRefund & { _id: string };

const columns: Column<Row>[] = [
  {
    id: 'reference',
    header: 'Order',
    cell: (row) => <OrderReferenceLink purchaseId={row.purchaseId} reference={row.reference} />,
  },
  {
    id: 'createdAt',
    header: 'Asked On',
    cell: (row) => formatDateTime(row.createdAt),
    className: 'whitespace-nowrap',
  },
  {
    id: 'state',
    header: 'State',
    cell: (row) => <Badge tone={refundStateTone[row.state]}>{refundStateLabel[row.state]}</Badge>,
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: (row) => `${formatAmount(row.amount, row.coin === 'AUD' ? 2 : 18)} ${row.coin}`,
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'reason',
    header: 'Reason',
    cell: (row) => (
      <span className="flex flex-col gap-1">
        <span>{row.reason}</span>
        {row.declineReason ? (
          <span className="text-muted">Declined: {row.declineReason}</span>
        ) : null}
      </span>
    ),
    className: 'min-w-48 break-words',
  },
];

/** My TMC: the buyer's refunds across their orders, paged on the server. */
export function MyRefundsList() {
  const list = useListState({});
  const query = useMyRefunds({ page: list.paging.page, limit: list.paging.limit });
  return (
    <BuyerList
      title="Refunds"
      list={list}
      query={query}
      columns={columns}
      emptyTitle="No refunds"
      emptyDescription="Refunds of your orders, and their state, show up here."
    />
  );
}
