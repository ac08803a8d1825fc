import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ExternalLinkIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { AFFILIATE_LOGIN, paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { cn } from '../../lib/cn';
import { useReferralCode, withReferral } from '../../lib/referral';
import { useSession } from '../../lib/session';
import { MobileMenu } from './mobile-menu';
import { lazyWithQuery } from '../query-routes';

// Only signed-in people see these: their code loads when someone is.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const VerifyEmailPrompt = lazyWithQuery(() =>
  import('../../features/auth/components/verify-email-prompt').then((m) => m.VerifyEmailPrompt),
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-4 py-2 font-bold transition hover:bg-surface-3',
    isActive ? 'text-lime' : 'text-fg',
  );

export function SiteHeader() {
  const { user } = useSession();
  const referralCode = useReferralCode();
  const { data: config } = usePresaleConfig();
  const logout = useLogout();

  const homeHref = withReferral(paths.home, referralCode);
  const buyHref = withReferral(paths.buy, referralCode);
  const whitePaperUrl = config?.whitePaperUrl || paths.whitePaper;

  return (
    <header className="sticky top-0 z-40 border-b-2 border-line bg-ink/90 backdrop-blur">
      <div className="container-page relative flex h-16 items-center gap-4 md:h-20">
        <Link to={homeHref} aria-label="TMC home" className="rounded-xl">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          <NavLink to={homeHref} end className={navLinkClass}>
            Home
          </NavLink>
          <NavLink to={buyHref} className={navLinkClass}>
            Buy TMC
          </NavLink>
          <a
            href={whitePaperUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 font-bold text-fg transition hover:bg-surface-3"
          >
            White Paper
            <ExternalLinkIcon className="text-muted" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </nav>

        <div className="ml-auto hidden md:block">
          {user ? (
            <Suspense fallback={null}>
              <UserMenu user={user} onLogout={() => void logout()} />
            </Suspense>
          ) : (
            <Link to={paths.login} className={buttonClasses('primary')}>
              {AFFILIATE_LOGIN}
            </Link>
          )}
        </div>

        <div className="ml-auto md:hidden">
          <MobileMenu
            user={user}
            homeHref={homeHref}
            buyHref={buyHref}
            whitePaperUrl={whitePaperUrl}
            onLogout={() => void logout({ clearAllStorage: true })}
          />
        </div>
      </div>
      {user && !user.emailVerified ? (
        <div className="border-t border-line bg-pink/10">
          <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm">
            <p>Your e-mail is not verified yet.</p>
            <Suspense fallback={null}>
              <VerifyEmailPrompt email={user.email} />
            </Suspense>
          </div>
        </div>
      ) : null}
    </header>
  );
}
