import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ratePercent, TIER1_RATE } from '@tmc/shared';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useMe } from '../../features/account/api/get-me';
import { BecomeAffiliate } from '../../features/account/components/become-affiliate';
import { MarketingKit } from '../../features/account/components/marketing-kit';
import { ReferralLink } from '../../features/account/components/referral-link';
import { WalletForm } from '../../features/account/components/wallet-form';
import { WalletHelp } from '../../features/account/components/wallet-help';
import { ProvenWallets } from '../../features/account/components/proven-wallets';
import { HoldingsCard } from '../../features/purchases/components/holdings-card';
import { AffiliateTermsDialog } from '../../features/affiliates/components/affiliate-terms-dialog';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UserAvatar } from '../layouts/user-avatar';
import { BreakableText } from '../../components/ui/breakable-text';

function Panel({
  title,
  children,
  className,
  id,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      id={id}
      aria-label={title}
      className={cn('card flex scroll-mt-24 flex-col gap-4 p-5 sm:p-7', className)}
    >
      <h2 className="text-2xl">{title}</h2>
      {children}
    </section>
  );
}

export function ProfileRoute() {
  useDocumentTitle('Profile');
  // Fresh from the server on every visit; the session copy shows meanwhile.
  useMe();
  const { user } = useSession();
  // ?help=wallet opens the wallet guide (a link from Pay with wallet). The wallet form is filled
  // in only from the payment flow's own navigation state, never from the URL.
  const [searchParams] = useSearchParams();
  const { state } = useLocation() as { state: { suggestedWallet?: unknown } | null };
  const suggestedWallet = typeof state?.suggestedWallet === 'string' ? state.suggestedWallet : null;
  if (!user) return null;
  const referralCode = user.isAffiliated ? user.affiliateCode : null;

  return (
    <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <h1 className="text-4xl sm:text-5xl">Profile</h1>

      <section
        aria-label="Account"
        className="card flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-7"
      >
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <UserAvatar name={user.name} className="size-16 text-3xl" />
          <div className="min-w-0">
            <p className="font-display text-2xl font-black break-words">{user.name}</p>
            <p className="text-muted">
              <BreakableText text={user.email} />
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.transaction} className={buttonClasses('primary')}>
            My Transactions
          </Link>
          <Link to={paths.identity} className={buttonClasses('secondary')}>
            Identity
          </Link>
          {user.isAffiliated ? (
            <Link to={paths.affiliates} className={buttonClasses('secondary')}>
              My Affiliates
            </Link>
          ) : null}
        </div>
      </section>

      <HoldingsCard />

      <div className="grid gap-6 md:grid-cols-2">
        <Panel title="Wallet" id="wallet">
          <p className="text-sm text-muted">The address your TMC tokens are sent to.</p>
          <WalletForm currentWallet={user.walletAddress} suggestedWallet={suggestedWallet} />
          <ProvenWallets />
          <WalletHelp defaultOpen={searchParams.get('help') === 'wallet'} />
        </Panel>

        <Panel title="Affiliate programme">
          {referralCode ? (
            <>
              <p className="text-sm text-muted">
                Share your link: you earn {ratePercent(TIER1_RATE)}% commission on presale purchases
                made through it.
              </p>
              <ReferralLink code={referralCode} />
              <Link
                to={paths.affiliateDisclaimer}
                className="self-start rounded text-sm font-bold text-cyan underline-offset-4 hover:underline"
              >
                Affiliate Disclaimer
              </Link>
            </>
          ) : (
            <>
              <ul className="flex list-disc flex-col gap-1 pl-5 text-muted">
                <li>{ratePercent(TIER1_RATE)}% commission on presales through your link</li>
                <li>Weekly payouts</li>
                <li>No cost to join</li>
                <li>Marketing content ready to share</li>
              </ul>
              <BecomeAffiliate TermsDialog={AffiliateTermsDialog} />
            </>
          )}
        </Panel>

        {referralCode ? (
          <Panel title="Marketing kit" className="md:col-span-2">
            <MarketingKit code={referralCode} />
          </Panel>
        ) : null}
      </div>
    </div>
  );
}
