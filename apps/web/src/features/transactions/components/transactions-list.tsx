import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE, PaymentMode, PaymentStatus, type Transaction } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { RefreshIcon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney, shortHash } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUserTransactions, type PriceSort } from '../api/get-user-transactions';
import { PaymentStatusBadge } from './payment-status-badge';
import { VerifyPaymentDialog } from './verify-payment-dialog';

/** Spec section 9: filters reload one second after the last change. */
export const FILTER_DEBOUNCE_MS = 1000;

interface Filters {
  /** '' none, '1' ascending, '-1' descending. */
  sort: string;
  /** '' all, else a PaymentMode. */
  mode: string;
  /** '' all, else a PaymentStatus. */
  status: string;
}

const noFilters: Filters = { sort: '', mode: '', status: '' };

const sortOptions = [
  { value: '', label: 'None' },
  { value: '1', label: 'Ascending' },
  { value: '-1', label: 'Descending' },
];

// The spec's filter names: a wallet payment is crypto, a presale request is a bank transfer.
const modeOptions = [
  { value: '', label: 'All' },
  { value: String(PaymentMode.Crypto), label: 'Wallet' },
  { value: String(PaymentMode.Bank), label: 'Presale Request' },
];

const statusOptions = [
  { value: '', label: 'All' },
  { value: String(PaymentStatus.Success), label: 'Success' },
  { value: String(PaymentStatus.Pending), label: 'Pending' },
  { value: String(PaymentStatus.Failed), label: 'Failed' },
  { value: String(PaymentStatus.Refunded), label: 'Refund' },
];

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
      cell: (row) => <PaymentStatusBadge status={row.paymentStatus} />,
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
          <span className="inline-flex items-center gap-1 whitespace-nowrap">
            <span title={row.txnHash} className="font-mono">
              {shortHash(row.txnHash)}
            </span>
            <CopyButton value={row.txnHash} iconOnly ariaLabel="Copy transaction hash" />
          </span>
        ) : (
          dash
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) =>
        canVerify(row) ? (
          <Button size="sm" onClick={() => onVerify(row)}>
            Verify
          </Button>
        ) : (
          dash
        ),
    },
  ];
}

export interface TransactionsListProps {
  /** The company wallet from the presale settings, shown when a transaction names none. */
  companyWallet?: string;
}

/** The signed-in user's payments, paged on the server, with the Verify modal. */
export function TransactionsList({ companyWallet }: TransactionsListProps) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const applied = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const appliedKey = `${applied.sort}|${applied.mode}|${applied.status}`;
  // New filters start again at page 1, in the same render (no extra call for the old page).
  const [paging, setPaging] = useState({ key: appliedKey, page: 1 });
  const page = paging.key === appliedKey ? paging.page : 1;
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [verifying, setVerifying] = useState<Transaction | null>(null);

  const query = useUserTransactions({
    page,
    limit,
    sortPrice: optionalNumber<PriceSort>(applied.sort),
    paymentStatus: optionalNumber<PaymentStatus>(applied.status),
    paymentMode: optionalNumber<PaymentMode>(applied.mode),
  });
  const errorMessage = query.error?.message ?? null;

  useEffect(() => {
    if (errorMessage) toast.error(errorMessage);
  }, [errorMessage, query.errorUpdatedAt]);

  const total = query.data?.totalResults ?? 0;
  const setFilter = (name: keyof Filters) => (value: string) =>
    setFilters((current) => ({ ...current, [name]: value }));

  function verified(message: string) {
    setVerifying(null);
    toast.success(message);
    // The list reloads by itself: a verified payment invalidates it.
    void navigate(paths.transaction);
  }

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl sm:text-4xl">
            <span className="text-lime tabular-nums">{total}</span> Transactions
          </h1>
          <Button
            variant="ghost"
            className="size-11 px-0 text-xl"
            aria-label="Refresh"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshIcon className={cn(query.isFetching && 'animate-spin')} />
          </Button>
        </div>
        <div className="grid w-full grid-cols-1 gap-3 min-[400px]:grid-cols-3 sm:w-auto">
          <Select
            label="Sort by price"
            options={sortOptions}
            value={filters.sort}
            onChange={(event) => setFilter('sort')(event.target.value)}
            containerClassName="sm:w-40"
          />
          <Select
            label="Payment mode"
            options={modeOptions}
            value={filters.mode}
            onChange={(event) => setFilter('mode')(event.target.value)}
            containerClassName="sm:w-44"
          />
          <Select
            label="Status"
            options={statusOptions}
            value={filters.status}
            onChange={(event) => setFilter('status')(event.target.value)}
            containerClassName="sm:w-36"
          />
        </div>
      </div>

      <DataTable<Transaction>
        caption="Transactions"
        stackOnPhone
        columns={columnsFor(setVerifying)}
        rows={query.data?.data}
        getRowId={(row) => row._id}
        loading={query.isFetching}
        error={query.isError ? errorMessage : null}
        onRetry={() => void query.refetch()}
        emptyTitle="No transactions yet"
        emptyDescription="Payments you make on the Buy page show up here."
        page={page}
        limit={limit}
        totalResults={total}
        onPageChange={(next) => setPaging({ key: appliedKey, page: next })}
        onLimitChange={(next) => {
          setLimit(next);
          setPaging({ key: appliedKey, page: 1 });
        }}
      />

      <VerifyPaymentDialog
        transaction={verifying}
        companyWallet={companyWallet}
        onClose={() => setVerifying(null)}
        onVerified={verified}
      />
    </div>
  );
}
