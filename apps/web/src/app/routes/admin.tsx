import type { ReactNode } from 'react';
import type { AdminUser } from '@tmc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useRoutes } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ExplorerContext } from '../../components/ui/explorer-link';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { AlertIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { AdminBanks } from '../../features/admin/components/admin-banks';
import { AdminStages } from '../../features/admin/components/admin-stages';
import { AdminDistributions } from '../../features/admin/components/admin-distributions';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { AdminPayouts } from '../../features/admin/components/admin-payouts';
import { AdminRefunds } from '../../features/admin/components/admin-refunds';
import { AdminIdentityReviews } from '../../features/admin/components/admin-identity-reviews';
import { AdminRates } from '../../features/admin/components/admin-rates';
import { AdminSettingsForm } from '../../features/admin/components/admin-settings-form';
import { AdminTransactions } from '../../features/admin/components/admin-transactions';
import { AdminUsers } from '../../features/admin/components/admin-users';
import { StatementDownload } from '../../features/statements/components/statement-download';
import { AuditLog } from '../../features/admin/components/audit-log';
import { SystemStatusPage } from '../../features/admin/components/system-status';
import { TotpSetup } from '../../features/admin/components/totp-setup';
import { TOTP_STATUS_KEY, useTotpStatus } from '../../features/admin/api/get-totp-status';
import { PageSpinner } from '../../components/ui/spinner';
import { ReviewQueue } from '../../features/admin/components/review-queue';
import { UnmatchedPayments } from '../../features/admin/components/unmatched-payments';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminLayout } from '../admin/admin-layout';
import { adminPaths } from '../admin/admin-paths';

function Page({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Admin`);
  return children;
}

/** A sub-path of /admin, relative to the console's own routes. */
/** Users: a buyer's statement, as they download it. */
const UserStatement = ({ user }: { user: AdminUser }) => (
  <StatementDownload since={user.createdAt} userId={user._id} />
);

const sub = (path: string) => path.slice(paths.admin.length + 1);

/** Entry of the staff console (its own chunk): the role check, the layout and its pages. */
export function AdminRoute() {
  const { user } = useSession();
  const { data: config } = usePresaleConfig();
  return (
    <ExplorerContext value={config?.explorerUrl ?? null}>
      {user?.role === 'admin' ? <SecondFactorGate /> : <StaffOnly />}
    </ExplorerContext>
  );
}

/** The console opens only to a login made with the authenticator; without one, it is set up here. */
function SecondFactorGate() {
  const status = useTotpStatus();
  const client = useQueryClient();
  if (status.isPending) return <PageSpinner />;
  if (status.isError)
    return <Notice title="Could not open the console" description={status.error.message} />;
  if (status.data?.session) return <AdminConsole />;
  if (status.data && !status.data.enabled)
    return (
      <TotpSetup onDone={() => void client.invalidateQueries({ queryKey: TOTP_STATUS_KEY })} />
    );
  return (
    <Notice
      title="Sign in with your authenticator"
      description="The staff console needs a login made with the code from your authenticator app. Log out and sign in again with it."
    />
  );
}

const pages: { path: string; title: string; element: ReactNode }[] = [
  { path: adminPaths.reviews, title: 'Review queue', element: <ReviewQueue /> },
  { path: adminPaths.transactions, title: 'Transactions', element: <AdminTransactions /> },
  {
    path: adminPaths.unmatchedPayments,
    title: 'Unmatched payments',
    element: <UnmatchedPayments />,
  },
  { path: adminPaths.refunds, title: 'Refunds', element: <AdminRefunds /> },
  {
    path: adminPaths.identityReviews,
    title: 'Identity reviews',
    element: <AdminIdentityReviews />,
  },
  { path: adminPaths.users, title: 'Users', element: <AdminUsers Statement={UserStatement} /> },
  { path: adminPaths.banks, title: 'Banks', element: <AdminBanks /> },
  { path: adminPaths.rates, title: 'Currency rates', element: <AdminRates /> },
  { path: adminPaths.stages, title: 'Stages', element: <AdminStages /> },
  { path: adminPaths.settings, title: 'Settings', element: <AdminSettingsForm /> },
  { path: adminPaths.payouts, title: 'Payouts', element: <AdminPayouts /> },
  {
    path: adminPaths.distributions,
    title: 'Distributions',
    element: <AdminDistributions />,
  },
  { path: adminPaths.auditLog, title: 'Audit log', element: <AuditLog /> },
  { path: adminPaths.system, title: 'System', element: <SystemStatusPage /> },
];

/** The console's own routes (route objects, so no JSX route tree lands in the shared framework chunk). */
function AdminConsole() {
  return useRoutes([
    {
      element: <AdminLayout />,
      children: [
        {
          index: true,
          element: (
            <Page title="Dashboard">
              <AdminDashboard
                reviewsPath={adminPaths.reviews}
                payoutsPath={adminPaths.payouts}
                systemPath={adminPaths.system}
                unmatchedPaymentsPath={adminPaths.unmatchedPayments}
              />
            </Page>
          ),
        },
        ...pages.map((page) => ({
          path: sub(page.path),
          element: <Page title={page.title}>{page.element}</Page>,
        })),
        { path: '*', element: <Navigate to={adminPaths.dashboard} replace /> },
      ],
    },
  ]);
}

function StaffOnly() {
  return (
    <Notice
      title="Staff only"
      description="The admin console is only available to staff accounts."
    />
  );
}

function Notice({ title, description }: { title: string; description: string }) {
  useDocumentTitle('Admin');
  return (
    <section className="container-page py-16">
      <div className="card mx-auto max-w-xl">
        <EmptyState
          icon={<AlertIcon className="text-danger" />}
          title={title}
          description={description}
          action={
            <Link to={paths.home} className={buttonClasses('secondary')}>
              Back to home
            </Link>
          }
        />
      </div>
    </section>
  );
}
