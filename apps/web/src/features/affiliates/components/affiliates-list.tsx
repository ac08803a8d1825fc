import type { ReactNode } from 'react';
import { ratePercent, type AffiliateEarning } from '@tmc/shared';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { BreakableText } from '../../../components/ui/breakable-text';
import { ListHeader } from '../../../components/ui/list-toolbar';
import { EarningStatusBadge, paymentModeLabel } from '../../../components/ui/status-badges';
import { formatDate, formatMoney } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useAffiliateEarnings } from '../api/get-affiliate-earnings';
import { HeldForDestination, useHeldForDestination } from './held-for-destination';
import { Badge } from '../../../components/ui/badge';

/** Spec section 9: the affiliate currency defaults to AUD. */
export const DEFAULT_AFFILIATE_CURRENCY = 'AUD';

/** `held`: the affiliate has no payout destination, so an approved commission waits for one. */
const columnsFor = (held: boolean): Column<AffiliateEarning>[] => [
  {
    id: 'referredTo',
    header: 'Referred To',
    cell: (row) => (row.referredToObj ? <BreakableText text={row.referredToObj.email} /> : '-'),
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
    cell: (row) =>
      held && row.status === 'approved' && row.kind !== 'clawback' ? (
        <span className="flex flex-col items-start gap-1">
          <Badge tone="pink">Held</Badge>
          <HeldForDestination className="text-xs" />
        </span>
      ) : (
        <EarningStatusBadge status={row.status} />
      ),
  },
];

/**
 * The signed-in affiliate's page: the heading is the list's count then 'Affiliates' (spec section
 * 2: on a failed call the list empties and the count resets to 0); "Referred users" in the
 * summary counts people. The ledger is paged on the server; `summary` sits under the heading.
 */
export function AffiliatesList({ summary }: { summary?: ReactNode }) {
  const { paging } = useListState({});
  const query = useAffiliateEarnings({ page: paging.page, limit: paging.limit });
  const held = useHeldForDestination();
  // Spec section 8: on a failed call the list just empties and the count goes back to 0.
  const failed = query.isError;
  const rows = failed ? [] : query.data?.data;
  const total = failed ? 0 : (query.data?.totalResults ?? 0);
  const count = failed ? 0 : query.data ? query.data.totalResults : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        title="Affiliates"
        count={count}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        filtersPlacement="beside"
      />

      {summary}

      <h2 className="text-xl">Earnings</h2>
      <DataTable<AffiliateEarning>
        caption="Affiliate earnings"
        columns={columnsFor(held)}
        rows={rows}
        getRowId={(row) => row._id}
        loading={query.isFetching}
        emptyTitle={failed ? 'Could not load your earnings' : 'No affiliate earnings yet'}
        emptyDescription={
          failed
            ? 'Please try again in a moment.'
            : 'Share your referral link from your profile: purchases made through it show up here.'
        }
        totalResults={total}
        {...paging}
      />
    </div>
  );
}
