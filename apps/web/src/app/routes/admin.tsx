import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ComingSoon } from '../../components/ui/coming-soon';
import { EmptyState } from '../../components/ui/empty-state';
import { AlertIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Entry of the staff console (its own chunk). */
export function AdminRoute() {
  useDocumentTitle('Admin');
  const { user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <section className="container-page py-16">
        <div className="card mx-auto max-w-xl">
          <EmptyState
            icon={<AlertIcon className="text-danger" />}
            title="Staff only"
            description="The admin console is only available to staff accounts."
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
  return (
    <ComingSoon
      title="Admin Console"
      description="Review presale requests, manage banks, rates and settings, and run affiliate payouts."
    />
  );
}
