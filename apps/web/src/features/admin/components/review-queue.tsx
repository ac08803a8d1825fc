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
import type { Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { AlertIcon } from '../../../components/ui/icons';
import { StaffList, withAll } from '../../../components/ui/paged-list';
import { paymentModeLabel, PurchaseStatusBadge } from '../../../components/ui/status-badges';
import { formatMoney } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useAdminPurchases } from '../api/get-admin-purchases';
import { ReviewActions } from './review-actions';
import { ReviewDetails } from './review-details';
import { AmountCell, paymentModeOptions, whenAndWhoColumns } from './staff-cells';

const statusOptions = withAll(
  Object.values(PurchaseStatus).map((status) => ({
    value: String(status),
    label: purchaseStatusLabel(status),
  })),
);

const receiptOptions = withAll([
  { value: 'true', label: 'Receipt uploaded' },
  { value: 'false', label: 'Awaiting payment' },
]);

const lateOptions = withAll([
  { value: 'true', label: 'Late payments' },
  { value: 'false', label: 'On time' },
]);

function columnsFor(onReview: (row: PurchaseReview) => void): Column<PurchaseReview>[] {
  return [
    // The reference under the date and the signals under the status: two columns less, so the
    // table fits 1280 px with the widest figures (a hard cap's worth, "Awaiting payment").
    ...whenAndWhoColumns<PurchaseReview>(
      { header: 'Requested On', referenceClassName: 'font-mono font-bold' },
      { id: 'buyer', header: 'Buyer' },
    ),
    {
      id: 'amount',
      header: 'Amount',
      cell: (row) => (
        <AmountCell
          amount={formatMoney(row.investmentAmount, 'AUD')}
          local={formatMoney(row.userAmount, row.userCurrency)}
        />
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
    late: '',
    email: '',
    reference: '',
  });
  const query = useAdminPurchases(list.params);
  const [openId, setOpenId] = useState<string | null>(null);
  // The open request comes from the current page, so it shows the server's latest state.
  const open = query.data?.data.find((row) => row._id === openId) ?? null;

  return (
    <StaffList
      title="Review queue"
      caption="Presale requests to review"
      list={list}
      query={query}
      filters={[
        { kind: 'select', name: 'status', label: 'Status', options: statusOptions },
        { kind: 'select', name: 'paymentMode', label: 'Payment mode', options: paymentModeOptions },
        { kind: 'select', name: 'receipt', label: 'Receipt', options: receiptOptions },
        { kind: 'select', name: 'late', label: 'Late payment', options: lateOptions },
        { kind: 'search', name: 'email', label: 'Buyer email' },
        { kind: 'search', name: 'reference', label: 'Reference' },
      ]}
      columns={columnsFor((row) => setOpenId(row._id))}
      emptyTitle="Nothing to review"
      emptyDescription="No presale request matches these filters."
    >
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
              <ReviewActions
                review={{
                  ...open,
                  refundCoin:
                    open.transaction?.tokenSymbol === 'USDC'
                      ? 'USDC'
                      : open.transaction?.tokenSymbol === 'ETH'
                        ? 'ETH'
                        : undefined,
                }}
                onDecided={() => setOpenId(null)}
              />
            </div>
          </div>
        ) : null}
      </Dialog>
    </StaffList>
  );
}
