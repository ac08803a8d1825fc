import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { AffiliateSummaryStrip } from '../../features/affiliates/components/affiliate-summary';
import { AffiliatesList } from '../../features/affiliates/components/affiliates-list';
import { PayoutDestinationCard } from '../../features/affiliates/components/payout-destination-card';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AffiliatesRoute() {
  useDocumentTitle('Affiliates');
  const { user } = useSession();
  const summary =
    user && !user.isAffiliated ? (
      <div className="card flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted">
          You are not an affiliate yet. Join from your profile to get a referral link.
        </p>
        <Link to={paths.profile} className={buttonClasses('primary', 'sm', 'self-start')}>
          Become an Affiliate
        </Link>
      </div>
    ) : (
      <div className="flex flex-col gap-6">
        <AffiliateSummaryStrip />
        <PayoutDestinationCard />
      </div>
    );
  return (
    <section className="container-page py-10 sm:py-14">
      <AffiliatesList summary={summary} />
    </section>
  );
}
