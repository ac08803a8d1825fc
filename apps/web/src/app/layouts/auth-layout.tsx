import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { SkipLink } from './skip-link';

/** Login, sign-up and password screens: a quiet frame around one centred card. */
export function AuthLayout() {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 -left-32 size-96 rounded-full bg-pink/20 blur-3xl" />
        <div className="absolute -right-32 -bottom-40 size-[28rem] rounded-full bg-cyan/15 blur-3xl" />
      </div>
      <SkipLink />
      <header className="container-page flex h-16 items-center justify-between md:h-20">
        <Link to={paths.home} aria-label="TMC home" className="rounded-xl">
          <Logo />
        </Link>
        <Link
          to={paths.home}
          className="rounded-full px-3 py-2 text-sm font-bold text-muted hover:bg-surface-3 hover:text-fg"
        >
          Back to home
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col justify-center outline-none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="container-page py-6 text-center text-xs text-muted">
        TMC is a meme token, not a financial product. Buyers must be 18 or older.
      </footer>
    </div>
  );
}
