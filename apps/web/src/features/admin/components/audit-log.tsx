import type { AuditEntry } from '@tmc/shared';
import type { Column } from '../../../components/ui/data-table';
import { StaffList, withAll } from '../../../components/ui/paged-list';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { useListState } from '../../../lib/use-list-state';
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

const entityOptions = withAll(
  Object.entries(auditEntities).map(([value, label]) => ({ value, label })),
);

/** What the server records; the filter sends the exact name, the list shows the words. */
const actionOptions = withAll(
  Object.entries(auditActions).map(([value, label]) => ({ value, label })),
);

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
    <StaffList
      title="Audit log"
      list={list}
      query={query}
      filters={[
        { kind: 'search', name: 'actor', label: 'Staff email' },
        { kind: 'select', name: 'action', label: 'Action', options: actionOptions },
        { kind: 'select', name: 'entity', label: 'Record type', options: entityOptions },
        { kind: 'search', name: 'entityId', label: 'Record id' },
      ]}
      columns={columns}
      emptyTitle="No staff actions"
      emptyDescription="Nothing matches these filters."
    />
  );
}
