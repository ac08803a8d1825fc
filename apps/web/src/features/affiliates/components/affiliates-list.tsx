import { useState, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, ratePercent, type AffiliateEarning } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { RefreshIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatDate, formatMoney } from '../../../lib/format';
import { useAffiliateEarnings } from '../api/get-affiliate-earnings';
import { EarningStatusBadge } from './earning-status-badge';

/** Spec section 9: the affiliate currency defaults to AUD. */
export const DEFAULT_AFFILIATE_CURRENCY = 'AUD';

/** Spec section 2: Crypto if 1, otherwise Bank. */
export const paymentModeLabel = (mode: number) => (mode === 1 ? 'Crypto' : 'Bank');

const columns: Column<AffiliateEarning>[] = [
  {
    id: 'referredTo',
    header: 'Referred To',
    cell: (row) => <span className="break-all">{row.referredToObj?.email ?? '-'}</span>,
  },
  {
    id: 'investmentAmount',
    header: 'Investment Amount',
    cell: (row) => formatMoney(row.investmentAmount, 'AUD'),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'affiliateEarning',
    header: 'Affiliate Earnings',
    cell: (row) => (
      <span className="flex flex-col">
        <span>{formatMoney(row.affiliateEarning, row.currency || DEFAULT_AFFILIATE_CURRENCY)}</span>
        {row.kind === 'clawback' ? (
          <span className="text-xs font-normal text-danger">Adjustment</span>
        ) : null}
      </span>
    ),
    className: 'whitespace-nowrap font-bold tabular-nums',
  },
  {
    id: 'createdAt',
    header: 'Received On',
    cell: (row) => formatDate(row.createdAt),
    className: 'whitespace-nowrap',
  },
  {
    id: 'paymentMode',
    header: 'Payment Mode',
    cell: (row) => paymentModeLabel(row.paymentMode),
  },
  {
    id: 'tier',
    header: 'Tier',
    cell: (row) => (
      <span className="whitespace-nowrap">
        Tier {row.tier} <span className="text-muted">· {ratePercent(row.rate)}%</span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <EarningStatusBadge status={row.status} />,
  },
];

/** The signed-in affiliate's commission ledger, paged on the server; `summary` sits under the heading. */
export function AffiliatesList({ summary }: { summary?: ReactNode }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const query = useAffiliateEarnings({ page, limit });
  // Spec section 8: on a failed call the list just empties and the count goes back to 0.
  const failed = query.isError;
  const rows = failed ? [] : query.data?.data;
  const total = failed ? 0 : (query.data?.totalResults ?? 0);

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex items-center gap-3">
        <h1 className="text-3xl sm:text-4xl">
          <span className="text-lime tabular-nums">{total}</span> Affiliates
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

      {summary}

      <DataTable<AffiliateEarning>
        caption="Affiliates"
        columns={columns}
        rows={rows}
        getRowId={(row) => row._id}
        loading={query.isFetching}
        emptyTitle={failed ? 'Could not load your earnings' : 'No affiliate earnings yet'}
        emptyDescription={
          failed
            ? 'Please try again in a moment.'
            : 'Share your referral link from your profile: purchases made through it show up here.'
        }
        page={page}
        limit={limit}
        totalResults={total}
        onPageChange={setPage}
        onLimitChange={(next) => {
          setLimit(next);
          setPage(1);
        }}
      />
    </div>
  );
}
