import type { AuditEntry } from '@tmc/shared';
import { DataTable, queryTableProps, type Column } from '../../../components/ui/data-table';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { useListState } from '../../../lib/use-list-state';
import { ListHeader } from '../../../components/ui/list-toolbar';
import {
  auditActionLabel,
  auditActions,
  auditChanges,
  auditEntities,
  auditEntityLabel,
  auditRecordName,
  type AuditChange,
} from '../audit-text';
import { BreakableText } from '../../../components/ui/breakable-text';

const entityOptions = [
  { value: '', label: 'All' },
  ...Object.entries(auditEntities).map(([value, label]) => ({ value, label })),
];

/** What the server records; the filter sends the exact name, the list shows the words. */
const actionOptions = [
  { value: '', label: 'All' },
  ...Object.entries(auditActions).map(([value, label]) => ({ value, label })),
];

/** Up to this many changed fields show in the row; more fold into a summary to open. */
const SHOWN_CHANGES = 3;

function ChangeList({ changes }: { changes: AuditChange[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-bold">{change.label}:</span>{' '}
          <span className="text-danger">{change.before}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> changed to </span>
          <span className="text-success">{change.after}</span>
        </li>
      ))}
    </ul>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  if (changes.length === 0) return <span className="text-muted">No change</span>;
  if (changes.length <= SHOWN_CHANGES) return <ChangeList changes={changes} />;
  return (
    <details className="group max-w-md">
      <summary className="cursor-pointer rounded font-bold text-cyan underline-offset-4 hover:underline">
        {changes.length} fields
      </summary>
      <div className="mt-2">
        <ChangeList changes={changes} />
      </div>
    </details>
  );
}

const columns: Column<AuditEntry>[] = [
  {
    id: 'createdAt',
    header: 'When',
    // Read in the viewer's own time; the exact moment (UTC) is the tooltip.
    cell: (row) => (
      <time dateTime={row.createdAt} title={row.createdAt}>
        {formatDateTime(row.createdAt)}
      </time>
    ),
    className: 'whitespace-nowrap',
  },
  {
    id: 'actor',
    header: 'Who',
    cell: (row) => (row.actor ? <BreakableText text={row.actor.email} /> : 'System'),
  },
  {
    id: 'action',
    header: 'Action',
    cell: (row) => <span className="font-bold">{auditActionLabel(row.action)}</span>,
  },
  {
    id: 'entity',
    header: 'Record',
    cell: (row) => {
      const name = auditRecordName(row);
      return (
        <span className="flex flex-col">
          <span>{auditEntityLabel(row.entity)}</span>
          {name ? (
            <code className="font-mono text-sm text-muted">
              <BreakableText text={name} title={row.reference ?? row.entityId ?? name} />
            </code>
          ) : null}
        </span>
      );
    },
  },
  {
    id: 'changes',
    header: 'Changes',
    cell: (row) => <Changes entry={row} />,
    className: 'min-w-64 text-sm',
  },
];

export function AuditLog() {
  const list = useListState({ actor: '', action: '', entity: '', entityId: '' });
  const query = useAuditLog(list.params);
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        filtering={list.pending}
        title="Audit log"
        count={query.data?.totalResults}
        countIsEstimate={query.data?.totalIsEstimate}
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
