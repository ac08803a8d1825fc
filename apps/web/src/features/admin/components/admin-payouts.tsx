import { useState, type FormEvent } from 'react';
import { payoutDestinationMessages, type Payout } from '@tmc/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { StaffListSection } from '../../../components/ui/paged-list';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import {
  formatDate,
  formatLocalEquivalent,
  formatMoney,
  formatPayoutPeriod,
} from '../../../lib/format';
import { ApiError } from '../../../lib/api-client';
import { useListState } from '../../../lib/use-list-state';
import { downloadPayoutCsv } from '../api/download-payout-csv';
import { usePayouts } from '../api/get-payouts';
import type { PayoutTier } from '../api/get-payout-preview';
import { useMarkPayoutPaid } from '../api/mark-payout-paid';
import { ListHeader } from '../../../components/ui/list-toolbar';
import { PayoutPreviewCard } from './payout-preview-card';

/** The AUD total as staff may type it: digits with up to 2 decimals (a comma between thousands is dropped). */
const typedTotal = (value: string) => value.trim().replace(/,/g, '');
const TOTAL_PATTERN = /^\d{1,18}(\.\d{1,2})?$/;

function MarkPaidDialog({ payout, onClose }: { payout: Payout | null; onClose: () => void }) {
  const [reference, setReference] = useState('');
  const [total, setTotal] = useState('');
  const [totalError, setTotalError] = useState<string | undefined>();
  const markPaid = useMarkPayoutPaid();

  function close() {
    setReference('');
    setTotal('');
    setTotalError(undefined);
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!payout || !reference.trim()) return;
    const expectedTotal = typedTotal(total);
    if (!TOTAL_PATTERN.test(expectedTotal)) {
      setTotalError(payoutDestinationMessages.expectedTotal);
      return;
    }
    try {
      const { message } = await markPaid.mutateAsync({
        payoutId: payout._id,
        reference: reference.trim(),
        expectedTotal,
      });
      toast.success(message || 'Payout marked paid');
      close();
    } catch (error) {
      if (error instanceof ApiError && error.errors.expectedTotal)
        setTotalError(error.errors.expectedTotal);
      else toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Dialog
      open={payout !== null}
      onClose={close}
      dismissible={!markPaid.isPending}
      title="Mark batch paid"
      description={
        payout
          ? `${formatMoney(payout.total, payout.currency)} for ${formatPayoutPeriod(payout.periodStart, payout.periodEnd)}. Its earnings become paid and each affiliate is e-mailed.`
          : undefined
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <TextField
          label="Transfer reference"
          required
          maxLength={200}
          hint="The bank or chain reference of the transfer."
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
        <TextField
          label="Total transferred (AUD)"
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          hint="The total of the transfer file you sent. It must be the batch total: a batch that changed since is refused."
          error={totalError}
          value={total}
          onChange={(event) => {
            setTotal(event.target.value);
            setTotalError(undefined);
          }}
        />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={close} disabled={markPaid.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={markPaid.isPending}
            disabled={!reference.trim() || !total.trim()}
          >
            Mark paid
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function PayoutBatches({ tier }: { tier: PayoutTier }) {
  const list = useListState({ tier: String(tier), status: '' });
  const query = usePayouts(list.params);
  const [paying, setPaying] = useState<Payout | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(payout: Payout) {
    setDownloading(payout._id);
    try {
      await downloadPayoutCsv(payout._id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(null);
    }
  }

  const columns: Column<Payout>[] = [
    {
      id: 'period',
      header: 'Period',
      cell: (row) => {
        const local = formatLocalEquivalent(row.periodEnd);
        return (
          <time dateTime={row.periodEnd} title={local ? `Cut-off ${local}` : undefined}>
            {formatPayoutPeriod(row.periodStart, row.periodEnd)}
          </time>
        );
      },
    },
    { id: 'affiliates', header: 'Affiliates', cell: (row) => row.affiliates, align: 'right' },
    {
      id: 'total',
      header: 'Total',
      cell: (row) => formatMoney(row.total, row.currency),
      className: 'whitespace-nowrap font-bold tabular-nums',
      align: 'right',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <Badge tone={row.status === 'paid' ? 'success' : 'cyan'}>
          {row.status === 'paid' ? 'Paid' : 'Created'}
        </Badge>
      ),
    },
    {
      id: 'reference',
      header: 'Reference',
      cell: (row) =>
        row.reference ? (
          <span className="flex flex-col">
            <code className="font-mono break-all">{row.reference}</code>
            <span className="text-xs text-muted">{formatDate(row.paidAt)}</span>
          </span>
        ) : (
          <span className="text-muted">--</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={downloading === row._id}
            onClick={() => void download(row)}
          >
            Download CSV
          </Button>
          {row.status === 'created' ? (
            <Button size="sm" onClick={() => setPaying(row)}>
              Mark paid
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <StaffListSection
      title="Batches"
      caption={`Tier ${tier} payout batches`}
      list={list}
      query={query}
      columns={columns}
      emptyTitle="No batches yet"
      emptyDescription="Create the batch due above when a period has approved earnings."
    >
      <MarkPaidDialog payout={paying} onClose={() => setPaying(null)} />
    </StaffListSection>
  );
}

function TierPanel({ tier }: { tier: PayoutTier }) {
  return (
    <div className="flex flex-col gap-6">
      <PayoutPreviewCard tier={tier} />
      <PayoutBatches tier={tier} />
    </div>
  );
}

/** Tier 1 (direct, weekly) and tier 2 (influencer introductions, every 14 days) batches. */
export function AdminPayouts() {
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader title="Payouts" />
      <Tabs
        label="Payout tier"
        items={[
          { value: '1', label: 'Tier 1 · weekly', panel: <TierPanel tier={1} /> },
          { value: '2', label: 'Tier 2 · fortnightly', panel: <TierPanel tier={2} /> },
        ]}
      />
    </div>
  );
}
