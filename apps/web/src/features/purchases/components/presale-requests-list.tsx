import { useState } from 'react';
import { isAwaitingPayment, PurchaseStatus, purchaseStatusLabel, type Purchase } from '@tmc/shared';
import type { Column } from '../../../components/ui/data-table';
import { BuyerList, withAll } from '../../../components/ui/paged-list';
import { PurchaseStatusBadge } from '../../../components/ui/status-badges';
import { formatAmount, formatDateTime, formatMoney, shortHash } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useMyPurchases, type PriceSort } from '../api/get-my-purchases';
import { FileCell, FilePreviewDialog, type FilePreview } from './file-cell';
import { OrderReferenceLink } from './order-reference-link';

const statusOptions = withAll(
  Object.values(PurchaseStatus).map((status) => ({
    value: String(status),
    label: purchaseStatusLabel(status),
  })),
);

const dash = (text: string | null | undefined) =>
  text ? text : <span className="text-muted">--</span>;

function columnsFor(onPreview: (preview: FilePreview) => void): Column<Purchase>[] {
  const file = (
    label: string,
    url: (row: Purchase) => string | null,
    type: (row: Purchase) => string | null,
  ) => ({
    id: label,
    header: label,
    cell: (row: Purchase) => (
      <FileCell url={url(row)} type={type(row)} label={label} onPreview={onPreview} />
    ),
  });
  return [
    {
      id: 'reference',
      header: 'Reference',
      cell: (row) => <OrderReferenceLink purchaseId={row._id} reference={row.reference} />,
    },
    {
      id: 'createdAt',
      header: 'Requested On',
      cell: (row) => formatDateTime(row.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      id: 'status',
      header: 'Request Status',
      cell: (row) => (
        <PurchaseStatusBadge status={row.status} awaitingPayment={isAwaitingPayment(row)} />
      ),
    },
    {
      id: 'tokenAmount',
      header: 'TMC',
      cell: (row) => formatAmount(row.tokenAmount, 2, 2),
      className: 'whitespace-nowrap font-bold tabular-nums',
    },
    {
      id: 'investmentAmount',
      header: 'Investment Amount',
      cell: (row) => formatMoney(row.investmentAmount, 'AUD'),
      className: 'whitespace-nowrap font-bold tabular-nums',
    },
    {
      id: 'userCurrency',
      header: 'User Currency',
      cell: (row) =>
        row.userCurrency ? formatMoney(row.userAmount, row.userCurrency) : dash(null),
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      id: 'wallet',
      header: 'Wallet',
      cell: (row) =>
        row.wallet ? (
          <span title={row.wallet} className="font-mono whitespace-nowrap">
            {shortHash(row.wallet)}
          </span>
        ) : (
          dash(null)
        ),
    },
    file(
      'Bank Receipt',
      (row) => row.receiptUrl,
      (row) => row.receiptType,
    ),
    file(
      'Document Id Front',
      (row) => row.documentUrl,
      (row) => row.documentType,
    ),
    file(
      'Document Id Back',
      (row) => row.documentUrlBack,
      (row) => row.documentType,
    ),
    file(
      'Billing Doc',
      (row) => row.billingDoc,
      (row) => row.billingDocType,
    ),
    {
      id: 'userRemark',
      header: 'User Remark',
      cell: (row) => dash(row.userRemark),
      className: 'min-w-40 break-words',
    },
    {
      id: 'remark',
      header: 'Admin Remark',
      cell: (row) => dash(row.remark),
      className: 'min-w-40 break-words',
    },
  ];
}

/** The signed-in buyer's presale requests, paged on the server. */
export function PresaleRequestsList() {
  // sort: '' none, '1' ascending, '-1' descending; status: '' all, else a PurchaseStatus.
  const list = useListState({ sort: '', status: '' });
  const { applied } = list;
  const [preview, setPreview] = useState<FilePreview | null>(null);

  const query = useMyPurchases({
    page: list.paging.page,
    limit: list.paging.limit,
    sortPrice: applied.sort ? (Number(applied.sort) as PriceSort) : undefined,
    status: applied.status ? (Number(applied.status) as PurchaseStatus) : undefined,
  });
  return (
    <BuyerList
      title="Presale Requests"
      list={list}
      query={query}
      filtersClassName="w-full grid-cols-2 sm:w-auto"
      filters={[
        { kind: 'sort', name: 'sort', className: 'sm:w-44' },
        {
          kind: 'select',
          name: 'status',
          label: 'Status',
          options: statusOptions,
          className: 'sm:w-44',
        },
      ]}
      columns={columnsFor(setPreview)}
      emptyTitle="No presale requests yet"
      emptyDescription="Requests you submit on the Buy page show up here."
    >
      <FilePreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </BuyerList>
  );
}
