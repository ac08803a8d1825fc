import { useState } from 'react';
import {
  isAwaitingPayment,
  PaymentMode,
  PurchaseStatus,
  purchaseStatusLabel,
  type PurchaseReview,
} from '@tmc/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, queryTableProps, type Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { AlertIcon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/select';
import { paymentModeLabel, PurchaseStatusBadge } from '../../../components/ui/status-badges';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useAdminPurchases } from '../api/get-admin-purchases';
import { ListHeader } from '../../../components/ui/list-toolbar';
import { ReviewActions } from './review-actions';
import { ReviewDetails } from './review-details';
import { BreakableText } from '../../../components/ui/breakable-text';

const statusOptions = [
  { value: '', label: 'All' },
  ...Object.values(PurchaseStatus).map((status) => ({
    value: String(status),
    label: purchaseStatusLabel(status),
  })),
];

const receiptOptions = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Receipt uploaded' },
  { value: 'false', label: 'Awaiting payment' },
];

const modeOptions = [
  { value: '', label: 'All' },
  { value: '0', label: 'Bank' },
  { value: '1', label: 'Crypto' },
];

function columnsFor(onReview: (row: PurchaseReview) => void): Column<PurchaseReview>[] {
  return [
    {
      id: 'createdAt',
      header: 'Requested On',
      // The reference under the date and the signals under the status: two columns less, so the
      // table fits 1280 px with the widest figures (a hard cap's worth, "Awaiting payment").
      cell: (row) => (
        <span className="flex flex-col">
          <span>{formatDateTime(row.createdAt)}</span>
          <code className="font-mono font-bold">{row.reference}</code>
        </span>
      ),
      className: 'whitespace-nowrap',
    },
    {
      id: 'buyer',
      header: 'Buyer',
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
          <span className="font-bold">{formatMoney(row.investmentAmount, 'AUD')}</span>
          <span className="text-muted">{formatMoney(row.userAmount, row.userCurrency)}</span>
        </span>
      ),
    },
    {
      id: 'payment',
      header: 'Payment',
      cell: (row) => (
        <span className="flex flex-col">
          <span>{paymentModeLabel(row.paymentMode)}</span>
          {row.bank ? <span className="text-muted">{row.bank.bankName}</span> : null}
        </span>
      ),
      className: 'min-w-32',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <PurchaseStatusBadge status={row.status} awaitingPayment={isAwaitingPayment(row)} />
          {row.fraudSignals.length > 0 ? (
            <Badge tone="warning">
              <AlertIcon /> {row.fraudSignals.length}
              <span className="sr-only"> fraud signals</span>
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      pinEnd: true,
      cell: (row) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onReview(row)}
          aria-label={`Review ${row.reference}`}
        >
          Review
        </Button>
      ),
    },
  ];
}

/**
 * Every presale request, with the review dialog. It opens on what staff can review: Pending bank
 * requests whose receipt is in (the dashboard's "Pending reviews"); orders still awaiting their
 * payment are one filter away.
 */
export function ReviewQueue() {
  const list = useListState({
    status: String(PurchaseStatus.Pending),
    paymentMode: String(PaymentMode.Bank),
    receipt: 'true',
    email: '',
    reference: '',
  });
  const query = useAdminPurchases(list.params);
  const [openId, setOpenId] = useState<string | null>(null);
  // The open request comes from the current page, so it shows the server's latest state.
  const open = query.data?.data.find((row) => row._id === openId) ?? null;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        filtering={list.pending}
        title="Review queue"
        count={query.data?.totalResults}
        countIsEstimate={query.data?.totalIsEstimate}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        filters={
          <>
            <Select
              label="Status"
              options={statusOptions}
              value={list.filters.status}
              onChange={(event) => list.setFilter('status', event.target.value)}
            />
            <Select
              label="Payment mode"
              options={modeOptions}
              value={list.filters.paymentMode}
              onChange={(event) => list.setFilter('paymentMode', event.target.value)}
            />
            <Select
              label="Receipt"
              options={receiptOptions}
              value={list.filters.receipt}
              onChange={(event) => list.setFilter('receipt', event.target.value)}
            />
            <TextField
              label="Buyer email"
              type="search"
              value={list.filters.email}
              onChange={(event) => list.setFilter('email', event.target.value)}
            />
            <TextField
              label="Reference"
              type="search"
              value={list.filters.reference}
              onChange={(event) => list.setFilter('reference', event.target.value)}
            />
          </>
        }
      />
      <DataTable<PurchaseReview>
        caption="Presale requests to review"
        columns={columnsFor((row) => setOpenId(row._id))}
        emptyTitle="Nothing to review"
        emptyDescription="No presale request matches these filters."
        {...queryTableProps(query)}
        {...list.paging}
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpenId(null)}
        title={open ? `Presale request ${open.reference}` : ''}
        size="lg"
      >
        {open ? (
          <div className="flex flex-col gap-6">
            <ReviewDetails review={open} />
            <div className="border-t-2 border-line pt-5">
              <ReviewActions review={open} onDecided={() => setOpenId(null)} />
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
