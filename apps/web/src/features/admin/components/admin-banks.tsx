import { useState } from 'react';
import type { AdminBank } from '@tmc/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, queryTableProps, type Column } from '../../../components/ui/data-table';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { useListState } from '../../../lib/use-list-state';
import { useAdminBanks } from '../api/get-admin-banks';
import { useSetBankActive } from '../api/save-admin-bank';
import { BankFormDialog } from './bank-form-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { ListHeader } from '../../../components/ui/list-toolbar';

const activeOptions = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

const dash = (value: string | null) => value || <span className="text-muted">--</span>;

export function AdminBanks() {
  const list = useListState({ currency: '', active: '' });
  const query = useAdminBanks(list.params);
  const setActive = useSetBankActive();
  const [editing, setEditing] = useState<{ bank: AdminBank | null } | null>(null);
  const [toggling, setToggling] = useState<AdminBank | null>(null);

  async function toggle(bank: AdminBank) {
    try {
      const { message } = await setActive.mutateAsync({ bankId: bank._id, active: !bank.active });
      toast.success(message || 'Bank account updated');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setToggling(null);
    }
  }

  const columns: Column<AdminBank>[] = [
    {
      id: 'bank',
      header: 'Bank',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-bold">{row.bankName}</span>
          <span className="text-muted">{row.accountHolder}</span>
        </span>
      ),
    },
    { id: 'currency', header: 'Currency', cell: (row) => <code>{row.currency}</code> },
    { id: 'bic', header: 'BIC', cell: (row) => <code>{row.BIC}</code> },
    { id: 'routing', header: 'Routing Number', cell: (row) => dash(row.RoutingNumber) },
    { id: 'account', header: 'Account Number', cell: (row) => dash(row.accountNumber) },
    {
      id: 'active',
      header: 'Status',
      cell: (row) =>
        row.active ? <Badge tone="success">Active</Badge> : <Badge tone="muted">Inactive</Badge>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing({ bank: row })}>
            Edit
          </Button>
          <Button
            size="sm"
            variant={row.active ? 'ghost' : 'secondary'}
            disabled={setActive.isPending}
            onClick={() => setToggling(row)}
          >
            {row.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        filtering={list.pending}
        title="Banks"
        count={query.data?.totalResults}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        actions={<Button onClick={() => setEditing({ bank: null })}>Add bank</Button>}
        filters={
          <>
            <TextField
              label="Currency"
              type="search"
              value={list.filters.currency}
              onChange={(event) => list.setFilter('currency', event.target.value.toUpperCase())}
            />
            <Select
              label="Status"
              options={activeOptions}
              value={list.filters.active}
              onChange={(event) => list.setFilter('active', event.target.value)}
            />
          </>
        }
      />
      <DataTable<AdminBank>
        caption="Bank accounts"
        columns={columns}
        emptyTitle="No bank accounts"
        emptyDescription="Add one per currency buyers can pay in."
        {...queryTableProps(query)}
        {...list.paging}
      />
      <BankFormDialog
        open={editing !== null}
        bank={editing?.bank ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={toggling !== null}
        title={
          toggling
            ? `${toggling.active ? 'Deactivate' : 'Reactivate'} ${toggling.bankName} (${toggling.currency})?`
            : ''
        }
        confirmLabel={toggling?.active ? 'Deactivate' : 'Reactivate'}
        confirmVariant={toggling?.active ? 'danger' : 'primary'}
        busy={setActive.isPending}
        onConfirm={() => toggling && void toggle(toggling)}
        onCancel={() => setToggling(null)}
      >
        <p className="text-sm text-muted">
          {toggling?.active
            ? 'Buyers no longer see this account. Requests that name it keep it.'
            : 'Buyers paying in this currency see this account again.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
