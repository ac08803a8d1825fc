import type { AuditEntry } from '@tmc/shared';
import { DataTable, queryTableProps, type Column } from '../../../components/ui/data-table';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { useListState } from '../../../lib/use-list-state';
import { ListHeader } from '../../../components/ui/list-toolbar';

const entityOptions = [
  { value: '', label: 'All' },
  { value: 'purchase', label: 'Presale requests' },
  { value: 'payout', label: 'Payouts' },
  { value: 'user', label: 'Users' },
  { value: 'bank', label: 'Banks' },
  { value: 'settings', label: 'Settings' },
  { value: 'currency_rates', label: 'Currency rates' },
];

/** What the server records (exact names; the filter matches them exactly). */
const actionOptions = [
  { value: '', label: 'All' },
  ...[
    'purchase.status',
    'payout.create',
    'payout.paid',
    'user.update',
    'bank.create',
    'bank.update',
    'bank.deactivate',
    'settings.update',
    'rates.update',
  ].map((action) => ({ value: action, label: action })),
];

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields that differ between before and after; everything when one side is not an object. */
export function changedFields(before: unknown, after: unknown) {
  if (!isRecord(before) && !isRecord(after)) return [{ field: 'value', before, after }];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: b[field], after: a[field] }));
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted">No change</span>;
  return (
    <details className="group max-w-md">
      <summary className="cursor-pointer rounded font-bold text-cyan underline-offset-4 hover:underline">
        {changes.length} field{changes.length === 1 ? '' : 's'}
      </summary>
      <table className="mt-2 w-full text-xs">
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="py-1 pr-2">
              Field
            </th>
            <th scope="col" className="py-1 pr-2">
              Before
            </th>
            <th scope="col" className="py-1">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-t border-line/70 align-top">
              <th scope="row" className="py-1 pr-2 text-left font-mono">
                {change.field}
              </th>
              <td className="py-1 pr-2 font-mono break-all text-danger">{show(change.before)}</td>
              <td className="py-1 font-mono break-all text-success">{show(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const columns: Column<AuditEntry>[] = [
  {
    id: 'createdAt',
    header: 'When',
    cell: (row) => formatDateTime(row.createdAt),
    className: 'whitespace-nowrap',
  },
  {
    id: 'actor',
    header: 'Who',
    cell: (row) => (row.actor ? <span className="break-all">{row.actor.email}</span> : 'System'),
  },
  {
    id: 'action',
    header: 'Action',
    cell: (row) => <code className="font-mono">{row.action}</code>,
  },
  {
    id: 'entity',
    header: 'Record',
    cell: (row) => (
      <span className="flex flex-col">
        <span>{row.entity}</span>
        {row.entityId ? (
          <code className="font-mono text-xs text-muted" title={row.entityId}>
            {row.entityId.slice(0, 8)}
          </code>
        ) : null}
      </span>
    ),
  },
  { id: 'changes', header: 'Before / after', cell: (row) => <Changes entry={row} /> },
];

export function AuditLog() {
  const list = useListState({ actor: '', action: '', entity: '', entityId: '' });
  const query = useAuditLog(list.params);
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        title="Audit log"
        count={query.data?.totalResults}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        filters={
          <>
            <TextField
              label="Staff email"
              type="search"
              value={list.filters.actor}
              onChange={(event) => list.setFilter('actor', event.target.value)}
            />
            <Select
              label="Action"
              options={actionOptions}
              value={list.filters.action}
              onChange={(event) => list.setFilter('action', event.target.value)}
            />
            <Select
              label="Record type"
              options={entityOptions}
              value={list.filters.entity}
              onChange={(event) => list.setFilter('entity', event.target.value)}
            />
            <TextField
              label="Record id"
              type="search"
              value={list.filters.entityId}
              onChange={(event) => list.setFilter('entityId', event.target.value)}
            />
          </>
        }
      />
      <DataTable<AuditEntry>
        caption="Audit log"
        columns={columns}
        emptyTitle="No staff actions"
        emptyDescription="Nothing matches these filters."
        {...queryTableProps(query)}
        {...list.paging}
      />
    </div>
  );
}
