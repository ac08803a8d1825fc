import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useOpenUnmatchedCount } from '../../features/admin/api/get-unmatched-payments';
import { cn } from '../../lib/cn';
import { adminNav, adminPaths } from './admin-paths';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-10 items-center rounded-full px-4 text-sm font-bold whitespace-nowrap transition md:rounded-xl md:whitespace-normal',
    isActive ? 'bg-lime text-ink' : 'text-muted hover:bg-surface-3 hover:text-fg',
  );

/**
 * The staff console: a sidebar on wide screens, a row of tabs that scrolls sideways on a phone.
 * Wider than the public pages (up to 1680 px), so its tables show their columns without a
 * scroll box at 1280 px and up.
 */
export function AdminLayout() {
  const openUnmatched = useOpenUnmatchedCount();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: bring the current page's tab into view.
  useEffect(() => {
    const nav = navRef.current;
    if (!nav || nav.scrollWidth <= nav.clientWidth) return;
    nav
      .querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView?.({ inline: 'center', block: 'nearest' });
  }, [pathname]);
  return (
    <div className="container-page flex flex-col gap-6 py-8 [--container-max:1680px] md:flex-row md:items-start sm:py-10">
      <nav
        ref={navRef}
        aria-label="Staff console"
        className="-mx-4 shrink-0 overflow-x-auto px-4 sm:-mx-6 sm:px-6 md:sticky md:top-24 md:mx-0 md:w-44 md:overflow-visible md:px-0"
      >
        <p className="mb-2 hidden text-xs font-black tracking-widest text-pink uppercase md:block">
          Staff console
        </p>
        <ul className="flex gap-1 rounded-full border-2 border-line bg-surface-2 p-1 md:flex-col md:rounded-2xl">
          {adminNav.map((item) => (
            <li key={item.to} className="shrink-0">
              <NavLink to={item.to} end={item.to === adminPaths.dashboard} className={linkClass}>
                {item.label}
                {item.to === adminPaths.unmatchedPayments && openUnmatched ? (
                  <span
                    className="ml-2 rounded-full bg-pink px-2 text-xs leading-5 text-ink tabular-nums"
                    aria-label={`${openUnmatched} open`}
                  >
                    {openUnmatched}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
