import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PaymentMode, PaymentStatus, type Transaction } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { HashLink } from '../../../components/ui/explorer-link';
import type { Column } from '../../../components/ui/data-table';
import { BuyerList, withAll } from '../../../components/ui/paged-list';
import { ResultModal } from '../../../components/ui/result-modal';
import { Badge } from '../../../components/ui/badge';
import { PARTIALLY_PAID, PaymentStatusBadge } from '../../../components/ui/status-badges';
import { paths, presaleRequestPath } from '../../../config/paths';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { receivedLine } from '../../../lib/received-line';
import { useListState } from '../../../lib/use-list-state';
import { useUserTransactions, type PriceSort } from '../api/get-user-transactions';
import { VerifyPaymentDialog } from './verify-payment-dialog';

// The spec's filter names: a wallet payment is crypto, a presale request is a bank transfer.
const modeOptions = withAll([
  { value: String(PaymentMode.Crypto), label: 'Wallet' },
  { value: String(PaymentMode.Bank), label: 'Presale Request' },
]);

const statusOptions = withAll([
  { value: String(PaymentStatus.Success), label: 'Success' },
  { value: String(PaymentStatus.Pending), label: 'Pending' },
  { value: String(PaymentStatus.Failed), label: 'Failed' },
  { value: String(PaymentStatus.Refunded), label: 'Refund' },
]);

const dash = <span className="text-muted">-</span>;

const isCrypto = (row: Transaction) => row.paymentMode === PaymentMode.Crypto;

/** Only a Pending crypto-wallet payment can be verified by its hash. */
export const canVerify = (row: Transaction) =>
  isCrypto(row) && row.paymentStatus === PaymentStatus.Pending;

const optionalNumber = <T extends number>(value: string) =>
  value === '' ? undefined : (Number(value) as T);

function columnsFor(onVerify: (row: Transaction) => void): Column<Transaction>[] {
  return [
    {
      id: 'createdAt',
      header: 'Created On',
      cell: (row) => formatDateTime(row.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      id: 'price',
      header: 'Price',
      // Bank payments are priced in their currency (AUD), crypto ones in the coin paid.
      cell: (row) => formatMoney(row.price, isCrypto(row) ? row.tokenSymbol : row.currency),
      className: 'whitespace-nowrap font-bold tabular-nums',
    },
    {
      id: 'userCurrency',
      header: 'User Currency',
      cell: (row) =>
        row.userCurrency && row.userAmount ? formatMoney(row.userAmount, row.userCurrency) : dash,
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      id: 'paymentStatus',
      header: 'Request Status',
      cell: (row) => {
        const line = receivedLine(row);
        const open = row.paymentStatus === PaymentStatus.Pending && row.missing;
        return (
          <div className="flex flex-col items-start gap-1">
            {open ? (
              <Badge tone="cyan">{PARTIALLY_PAID}</Badge>
            ) : (
              <PaymentStatusBadge status={row.paymentStatus} />
            )}
            {line ? (
              <span className="text-xs text-muted" data-testid="received-line">
                {line}
              </span>
            ) : null}
          </div>
        );
      },
    },
    {
      id: 'paymentMode',
      header: 'Payment Type',
      cell: (row) => (isCrypto(row) ? 'Crypto wallet' : 'Bank'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'txnHash',
      header: 'Transaction Hash',
      cell: (row) =>
        row.txnHash ? (
          <HashLink kind="tx" value={row.txnHash} copyLabel="Copy transaction hash" />
        ) : (
          dash
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) =>
        canVerify(row) || (isCrypto(row) && row.purchaseId) ? (
          <span className="inline-flex items-center gap-3 whitespace-nowrap">
            {canVerify(row) ? (
              <Button size="sm" onClick={() => onVerify(row)}>
                Verify
              </Button>
            ) : null}
            {isCrypto(row) && row.purchaseId ? (
              <Link
                to={presaleRequestPath(row.purchaseId)}
                className="rounded font-bold text-cyan underline underline-offset-4 hover:text-lime"
              >
                Order<span className="sr-only"> of this payment</span>
              </Link>
            ) : null}
          </span>
        ) : (
          dash
        ),
    },
  ];
}

export interface TransactionsListProps {
  /** The company wallet from the presale settings, shown when a transaction names none. */
  companyWallet?: string;
  /** Shown between the heading and the table, e.g. the bank orders that are not transactions yet. */
  notice?: ReactNode;
}

/** The signed-in user's payments, paged on the server, with the Verify modal. */
export function TransactionsList({ companyWallet, notice }: TransactionsListProps) {
  const navigate = useNavigate();
  // sort: '' none, '1' ascending, '-1' descending; mode and status: '' all, else the enum value.
  const list = useListState({ sort: '', mode: '', status: '' });
  const { applied } = list;
  const [verifying, setVerifying] = useState<Transaction | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const query = useUserTransactions({
    page: list.paging.page,
    limit: list.paging.limit,
    sortPrice: optionalNumber<PriceSort>(applied.sort),
    paymentStatus: optionalNumber<PaymentStatus>(applied.status),
    paymentMode: optionalNumber<PaymentMode>(applied.mode),
  });
  function verified(message: string) {
    setVerifying(null);
    setResult(message);
    // The list reloads by itself: a verified payment invalidates it.
    void navigate(paths.transaction);
  }

  return (
    <BuyerList
      title="Transactions"
      list={list}
      query={query}
      filtersClassName="w-full grid-cols-1 min-[400px]:grid-cols-3 sm:w-auto"
      filters={[
        { kind: 'sort', name: 'sort', className: 'sm:w-40' },
        {
          kind: 'select',
          name: 'mode',
          label: 'Payment mode',
          options: modeOptions,
          className: 'sm:w-44',
        },
        {
          kind: 'select',
          name: 'status',
          label: 'Status',
          options: statusOptions,
          className: 'sm:w-36',
        },
      ]}
      notice={notice}
      columns={columnsFor(setVerifying)}
      emptyTitle="No transactions yet"
      emptyDescription="A crypto payment shows up here as soon as you order, a bank transfer once our team has accepted it."
    >
      <VerifyPaymentDialog
        transaction={verifying}
        companyWallet={companyWallet}
        onClose={() => setVerifying(null)}
        onVerified={verified}
      />
      <ResultModal
        open={result !== null}
        kind="success"
        message={result ?? ''}
        onClose={() => setResult(null)}
      />
    </BuyerList>
  );
}
