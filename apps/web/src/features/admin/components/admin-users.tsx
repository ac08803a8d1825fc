import { useState, type ComponentType } from 'react';
import type { AdminUser } from '@tmc/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { CloseIcon } from '../../../components/ui/icons';
import { StaffList, withAll } from '../../../components/ui/paged-list';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateAdminUser, type AdminUserChange } from '../api/update-admin-user';
import { Dialog } from '../../../components/ui/dialog';
import { ConfirmDialog } from './confirm-dialog';
import { DismissAffiliateDialog } from './dismiss-affiliate-dialog';
import { BreakableText } from '../../../components/ui/breakable-text';

const yesNo = withAll([
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
]);

const roleOptions = withAll([
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
]);

interface PendingChange {
  user: AdminUser;
  change: AdminUserChange;
  title: string;
  effect: string;
}

function changeFor(user: AdminUser, kind: 'influencer' | 'role'): PendingChange {
  if (kind === 'influencer') {
    const isInfluencer = !user.isInfluencer;
    return {
      user,
      change: { isInfluencer },
      title: isInfluencer ? `Mark ${user.email} as an influencer?` : `Unmark ${user.email}?`,
      effect: isInfluencer
        ? 'Whoever introduced them earns 10% of their net contributions from now on.'
        : 'Their introducer stops earning on their future sales.',
    };
  }
  const role = user.role === 'admin' ? 'user' : 'admin';
  return {
    user,
    change: { role },
    title: role === 'admin' ? `Make ${user.email} an admin?` : `Remove admin from ${user.email}?`,
    effect:
      role === 'admin'
        ? 'They get the whole staff console: reviews, payouts, settings and users.'
        : 'They lose access to the staff console.',
  };
}

export interface AdminUsersProps {
  /** A buyer's statement download, composed by the route (statements are their own feature). */
  Statement: ComponentType<{ user: AdminUser }>;
}

export function AdminUsers({ Statement }: AdminUsersProps) {
  const { user: me } = useSession();
  const list = useListState({
    search: '',
    role: '',
    isAffiliated: '',
    isInfluencer: '',
    referredBy: '',
  });
  const [introducer, setIntroducer] = useState<string | null>(null);
  const query = useAdminUsers(list.params);
  const update = useUpdateAdminUser();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [dismissing, setDismissing] = useState<AdminUser | null>(null);
  const [statementOf, setStatementOf] = useState<AdminUser | null>(null);

  function showIntroducedBy(user: AdminUser) {
    setIntroducer(user.email);
    list.setFilter('referredBy', user._id);
  }

  async function confirm(change: PendingChange) {
    try {
      const { message } = await update.mutateAsync({
        userId: change.user._id,
        change: change.change,
      });
      toast.success(message || 'User updated');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(null);
    }
  }

  const columns: Column<AdminUser>[] = [
    {
      id: 'user',
      header: 'User',
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-bold">{row.name}</span>
          <BreakableText text={row.email} className="text-muted" />
          {row.emailVerified ? null : (
            <span className="text-xs text-pink">E-mail not verified</span>
          )}
        </span>
      ),
      className: 'min-w-56',
    },
    {
      id: 'role',
      header: 'Role',
      cell: (row) => <Badge tone={row.role === 'admin' ? 'pink' : 'muted'}>{row.role}</Badge>,
    },
    {
      id: 'affiliate',
      header: 'Affiliate',
      cell: (row) =>
        row.isAffiliated ? (
          <span className="flex flex-col items-start gap-1">
            <code className="font-mono">{row.affiliateCode}</code>
            {row.isInfluencer ? <Badge tone="lime">Influencer</Badge> : null}
          </span>
        ) : (
          <span className="text-muted">No</span>
        ),
    },
    {
      id: 'referredBy',
      header: 'Introduced by',
      cell: (row) =>
        row.referredBy ? (
          <BreakableText text={row.referredBy.email} />
        ) : (
          <span className="text-muted">--</span>
        ),
      className: 'min-w-48',
    },
    {
      id: 'referrals',
      header: 'Introduced',
      cell: (row) =>
        row.referrals > 0 ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => showIntroducedBy(row)}
            aria-label={`Show the ${row.referrals} people ${row.email} introduced`}
          >
            {row.referrals}
          </Button>
        ) : (
          <span className="text-muted">0</span>
        ),
      align: 'center',
    },
    {
      id: 'createdAt',
      header: 'Joined',
      cell: (row) => formatDate(row.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          {row.isAffiliated ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={update.isPending}
              onClick={() => setPending(changeFor(row, 'influencer'))}
            >
              {row.isInfluencer ? 'Unmark influencer' : 'Mark influencer'}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setStatementOf(row)}>
            Statement
          </Button>
          {row.isAffiliated ? (
            <Button size="sm" variant="danger" onClick={() => setDismissing(row)}>
              Dismiss for breach
            </Button>
          ) : null}
          {row._id !== me?._id ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={update.isPending}
              onClick={() => setPending(changeFor(row, 'role'))}
            >
              {row.role === 'admin' ? 'Remove admin' : 'Make admin'}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <StaffList
      title="Users"
      list={list}
      query={query}
      filters={[
        { kind: 'search', name: 'search', label: 'Search name or email' },
        { kind: 'select', name: 'role', label: 'Role', options: roleOptions },
        { kind: 'select', name: 'isAffiliated', label: 'Affiliate', options: yesNo },
        { kind: 'select', name: 'isInfluencer', label: 'Influencer', options: yesNo },
      ]}
      notice={
        list.filters.referredBy ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Showing the people introduced by{' '}
            <strong>{introducer ? <BreakableText text={introducer} /> : null}</strong>
            <Button
              size="sm"
              variant="ghost"
              icon={<CloseIcon />}
              onClick={() => list.setFilter('referredBy', '')}
            >
              Show everyone
            </Button>
          </p>
        ) : null
      }
      columns={columns}
      emptyTitle="No users"
      emptyDescription="No user matches these filters."
    >
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        confirmLabel="Confirm"
        busy={update.isPending}
        onConfirm={() => pending && void confirm(pending)}
        onCancel={() => setPending(null)}
      >
        <p className="text-sm text-muted">{pending?.effect}</p>
      </ConfirmDialog>
      <DismissAffiliateDialog user={dismissing} onClose={() => setDismissing(null)} />
      <Dialog
        open={statementOf !== null}
        onClose={() => setStatementOf(null)}
        title={statementOf ? `Statement of ${statementOf.email}` : ''}
        description="The buyer's statement as they download it; each download is audited."
      >
        {statementOf ? <Statement user={statementOf} /> : null}
      </Dialog>
    </StaffList>
  );
}
