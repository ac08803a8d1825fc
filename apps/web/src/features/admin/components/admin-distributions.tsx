import { useState, type ReactNode } from 'react';
import type { Distribution, DistributionStatus } from '@tmc/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { ListHeader } from '../../../components/ui/list-toolbar';
import { toast } from '../../../components/ui/toast';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/use-api-form';
import { useBuildDistribution } from '../api/build-distribution';
import { useCancelDistribution } from '../api/cancel-distribution';
import { downloadDistributionFile, type DistributionFile } from '../api/download-distribution-file';
import { useDistributions } from '../api/get-distributions';
import { ConfirmDialog } from './confirm-dialog';

const tmc = (value: string) => formatMoney(value, 'TMC');

const statusTone: Record<DistributionStatus, BadgeTone> = {
  draft: 'cyan',
  proposed: 'pink',
  accepted: 'success',
  cancelled: 'muted',
  superseded: 'muted',
};

const statusLabel: Record<DistributionStatus, string> = {
  draft: 'Draft',
  proposed: 'Proposed',
  accepted: 'Accepted',
  cancelled: 'Cancelled',
  superseded: 'Superseded',
};

const holdLabel = {
  no_proven_wallet: 'No proven wallet',
  no_delivery_wallet: 'No delivery wallet chosen',
} as const;

/** Every distribution's list is short (one per epoch plus cancelled drafts): one page of all. */
const ALL = 100;

function StatusBadge({ status }: { status: DistributionStatus }) {
  return <Badge tone={statusTone[status] ?? 'unknown'}>{statusLabel[status] ?? status}</Badge>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 font-bold break-words tabular-nums">{children}</dd>
    </>
  );
}

function DownloadButton({
  distribution,
  file,
}: {
  distribution: Distribution;
  file: DistributionFile;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadDistributionFile(distribution, file);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="sm" variant="secondary" onClick={() => void download()} loading={busy}>
      Download {file}
    </Button>
  );
}

/** One distribution: its diff against the last epoch, its holds, its files and Cancel for a draft. */
function DistributionDetail({ distribution }: { distribution: Distribution }) {
  const cancel = useCancelDistribution();
  const [confirming, setConfirming] = useState(false);
  const { diff } = distribution;

  async function confirmCancel() {
    try {
      const { message } = await cancel.mutateAsync(distribution._id);
      toast.success(message || 'Draft cancelled');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section aria-labelledby="distribution-detail" className="card flex min-w-0 flex-col gap-4 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="distribution-detail" className="text-xl">
          Epoch {distribution.epoch}
        </h2>
        <StatusBadge status={distribution.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Row label="Total">{tmc(distribution.total)}</Row>
        <Row label="Previous epoch">
          {diff.previousEpoch === null
            ? 'none'
            : `${diff.previousEpoch} (${tmc(diff.previousTotal)})`}
        </Row>
        <Row label="New">{diff.counts.new}</Row>
        <Row label="Increased">{diff.counts.increased}</Row>
        <Row label="Decreased">{diff.counts.decreased}</Row>
        <Row label="Removed">{diff.counts.removed}</Row>
        <Row label="Unchanged">{diff.counts.unchanged}</Row>
        <Row label="Held">{diff.counts.held}</Row>
        <Row label="Funding needed">{tmc(distribution.fundingNeeded)}</Row>
        <Row label="Freezes claims">{distribution.freezeClaims ? 'yes, until accepted' : 'no'}</Row>
        <Row label="Root">
          <code className="font-mono break-all">{distribution.root}</code>
        </Row>
      </dl>
      {distribution.holds.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-bold">Held buyers</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {distribution.holds.map((hold) => (
              <li key={hold.userId} className="break-words">
                <span className="font-bold">{hold.email}</span>: {tmc(hold.tokens)},{' '}
                {holdLabel[hold.reason] ?? hold.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {distribution.status === 'proposed' ? (
        <p className="text-sm text-muted">
          This root is proposed on chain: cancel it from the Safe (cancelPending); it shows as
          cancelled once the chain says so.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <DownloadButton distribution={distribution} file="leaves.csv" />
        {distribution.status === 'draft' ? (
          <DownloadButton distribution={distribution} file="safe-tx.json" />
        ) : null}
        {distribution.status === 'accepted' ? (
          <DownloadButton distribution={distribution} file="push-batches.json" />
        ) : null}
        {distribution.status === 'draft' ? (
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Cancel draft
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Cancel the draft of epoch ${distribution.epoch}?`}
        confirmLabel="Cancel draft"
        confirmVariant="danger"
        busy={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setConfirming(false)}
      >
        <p>Nothing is proposed on chain; you can build a new draft afterwards.</p>
      </ConfirmDialog>
    </section>
  );
}

/** Console page "Distributions": build a draft, read its diff, download its files, cancel it. */
export function AdminDistributions() {
  const query = useDistributions();
  const build = useBuildDistribution();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const rows = query.data;
  const selected = rows?.find((d) => d._id === selectedId) ?? rows?.[0] ?? null;

  async function buildDraft() {
    try {
      const { message, data } = await build.mutateAsync();
      setSelectedId(data._id);
      toast.success(message || `Draft of epoch ${data.epoch} built`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const columns: Column<Distribution>[] = [
    { id: 'epoch', header: 'Epoch', cell: (d) => d.epoch },
    { id: 'status', header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
    { id: 'total', header: 'Total', cell: (d) => tmc(d.total), align: 'right' },
    { id: 'leaves', header: 'Leaves', cell: (d) => d.leafCount, align: 'right' },
    {
      id: 'funding',
      header: 'Funding needed',
      cell: (d) => tmc(d.fundingNeeded),
      align: 'right',
    },
    { id: 'created', header: 'Created', cell: (d) => formatDateTime(d.createdAt) },
    {
      id: 'open',
      header: <span className="sr-only">Details</span>,
      pinEnd: true,
      cell: (d) => (
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={selected?._id === d._id}
          aria-label={`Details of epoch ${d.epoch}`}
          onClick={() => setSelectedId(d._id)}
        >
          Details
        </Button>
      ),
    },
  ];

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        title="Distributions"
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        actions={
          <Button onClick={() => void buildDraft()} loading={build.isPending}>
            Build draft
          </Button>
        }
      />
      <DataTable<Distribution>
        caption="Distributions"
        columns={columns}
        rows={rows}
        getRowId={(d) => d._id}
        loading={query.isFetching}
        error={query.isError ? query.error.message : null}
        onRetry={() => void query.refetch()}
        emptyTitle="No distributions yet"
        emptyDescription="Build a draft from every accepted order; the Safe proposes its root."
        page={1}
        limit={ALL}
        totalResults={rows?.length ?? 0}
        onPageChange={() => undefined}
        onLimitChange={() => undefined}
        pageSizeOptions={[ALL]}
      />
      {selected ? <DistributionDetail key={selected._id} distribution={selected} /> : null}
    </div>
  );
}
