import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PurchaseStatus, purchaseStatusLabel, type Purchase } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { RefreshIcon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney, shortHash } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMyPurchases, type PriceSort } from '../api/get-my-purchases';
import { FileCell, type FilePreview } from './file-cell';
import { PurchaseStatusBadge } from './purchase-status-badge';

/** Spec section 9: filters reload one second after the last change. */
export const FILTER_DEBOUNCE_MS = 1000;

interface Filters {
  /** '' none, '1' ascending, '-1' descending. */
  sort: '' | '1' | '-1';
  /** '' all, else a PurchaseStatus. */
  status: string;
}

const sortOptions = [
  { value: '', label: 'None' },
  { value: '1', label: 'Ascending' },
  { value: '-1', label: 'Descending' },
];

const statusOptions = [
  { value: '', label: 'All' },
  ...Object.values(PurchaseStatus).map((status) => ({
    value: String(status),
    label: purchaseStatusLabel(status),
  })),
];

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
      id: 'createdAt',
      header: 'Requested On',
      cell: (row) => formatDateTime(row.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      id: 'status',
      header: 'Request Status',
      cell: (row) => <PurchaseStatusBadge status={row.status} />,
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
  const [filters, setFilters] = useState<Filters>({ sort: '', status: '' });
  const applied = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const appliedKey = `${applied.sort}|${applied.status}`;
  // New filters start again at page 1, in the same render (no extra call for the old page).
  const [paging, setPaging] = useState({ key: appliedKey, page: 1 });
  const page = paging.key === appliedKey ? paging.page : 1;
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [preview, setPreview] = useState<FilePreview | null>(null);

  const query = useMyPurchases({
    page,
    limit,
    sortPrice: applied.sort ? (Number(applied.sort) as PriceSort) : undefined,
    status: applied.status ? (Number(applied.status) as PurchaseStatus) : undefined,
  });
  const errorMessage = query.error?.message ?? null;

  useEffect(() => {
    if (errorMessage) toast.error(errorMessage);
  }, [errorMessage, query.errorUpdatedAt]);

  const total = query.data?.totalResults ?? 0;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="text-3xl sm:text-4xl">
            <span className="text-lime tabular-nums">{total}</span> Presale Requests
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
        <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
          <Select
            label="Sort by price"
            options={sortOptions}
            value={filters.sort}
            onChange={(event) =>
              setFilters((current) => ({ ...current, sort: event.target.value as Filters['sort'] }))
            }
            containerClassName="sm:w-44"
          />
          <Select
            label="Status"
            options={statusOptions}
            value={filters.status}
            onChange={(event) =>
              setFilters((current) => ({ ...current, status: event.target.value }))
            }
            containerClassName="sm:w-44"
          />
        </div>
      </div>

      <DataTable<Purchase>
        caption="Presale Requests"
        columns={columnsFor(setPreview)}
        rows={query.data?.data}
        getRowId={(row) => row._id}
        loading={query.isFetching}
        error={query.isError ? errorMessage : null}
        onRetry={() => void query.refetch()}
        emptyTitle="No presale requests yet"
        emptyDescription="Requests you submit on the Buy page show up here."
        page={page}
        limit={limit}
        totalResults={total}
        onPageChange={(next) => setPaging({ key: appliedKey, page: next })}
        onLimitChange={(next) => {
          setLimit(next);
          setPaging({ key: appliedKey, page: 1 });
        }}
      />

      <Dialog
        open={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.title ?? ''}
        size="lg"
      >
        {preview ? (
          <img
            src={preview.url}
            alt={preview.title}
            className="max-h-[75dvh] w-full rounded-xl object-contain"
          />
        ) : null}
      </Dialog>
    </div>
  );
}
