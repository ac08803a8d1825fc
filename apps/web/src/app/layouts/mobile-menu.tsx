import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink, useLocation } from 'react-router';
import type { User } from '@tmc/shared';
import { buttonClasses } from '../../components/ui/button';
import { CloseIcon, ExternalLinkIcon, MenuIcon } from '../../components/ui/icons';
import { AFFILIATE_LOGIN, paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { focusableIn } from '../../lib/focusable';
import { accountLinks } from './account-links';
import { UserAvatar } from './user-avatar';

interface MobileMenuProps {
  user: User | null;
  homeHref: string;
  buyHref: string;
  whitePaperUrl: string;
  onLogout: () => void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-12 items-center rounded-xl px-4 font-bold transition hover:bg-surface-3',
    isActive ? 'bg-surface-3 text-lime' : 'text-fg',
  );

/**
 * Below 960 px: a hamburger that opens the same links as the desktop header and menu. The open
 * menu is an opaque sheet over the page: focus moves into it and stays between its links and the
 * button; Escape closes it and returns focus to the button; following a link closes it (the new
 * page's heading takes focus).
 */
export function MobileMenu({ user, homeHref, buyHref, whitePaperUrl, onLogout }: MobileMenuProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Any navigation closes the menu, also one not made through its links (Back, a redirect).
  const { key: locationKey } = useLocation();
  const [menuLocation, setMenuLocation] = useState(locationKey);
  if (menuLocation !== locationKey) {
    setMenuLocation(locationKey);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (panel) focusableIn(panel)[0]?.focus();
    function onPointerDown(event: MouseEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = () => setOpen(false);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current || !buttonRef.current) return;
    const cycle = [buttonRef.current, ...focusableIn(panelRef.current)];
    const index = cycle.indexOf(document.activeElement as HTMLElement);
    const next = event.shiftKey ? index - 1 : index + 1;
    if (index === -1 || next < 0 || next >= cycle.length) {
      event.preventDefault();
      (event.shiftKey ? cycle[cycle.length - 1] : cycle[0])?.focus();
    }
  }

  return (
    <div ref={rootRef} className="md:hidden" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center rounded-full border-2 border-line bg-surface text-2xl transition hover:border-muted"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {open
        ? // The page under the sheet is dimmed, and a tap on it closes the menu (mousedown
          // above). In the body, below the header: the header's backdrop filter would hold a
          // fixed element inside its own box.
          createPortal(
            <div aria-hidden="true" className="fixed inset-0 z-30 bg-ink/80" />,
            document.body,
          )
        : null}
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        data-testid="mobile-menu"
        className="absolute inset-x-0 top-full z-50 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b-2 border-line bg-surface shadow-chunky"
      >
        <nav aria-label="Mobile" className="container-page flex flex-col gap-1 py-4">
          <NavLink to={homeHref} end className={linkClass} onClick={close}>
            Home
          </NavLink>
          <NavLink to={buyHref} className={linkClass} onClick={close}>
            Buy TMC
          </NavLink>
          <a
            href={whitePaperUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
            className="flex min-h-12 items-center gap-2 rounded-xl px-4 font-bold text-fg transition hover:bg-surface-3"
          >
            White Paper
            <ExternalLinkIcon className="text-muted" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>

          {user ? (
            <div className="mt-3 flex flex-col gap-1 border-t-2 border-line pt-4">
              <div className="mb-2 flex items-center gap-3 px-2">
                <UserAvatar name={user.name} />
                <div className="min-w-0">
                  <p className="truncate font-bold">{user.name}</p>
                  <p className="truncate text-sm text-muted">{user.email}</p>
                </div>
              </div>
              {accountLinks(user).map((link) => (
                <NavLink key={link.to} to={link.to} className={linkClass} onClick={close}>
                  {link.label}
                </NavLink>
              ))}
              <button
                type="button"
                onClick={() => {
                  close();
                  onLogout();
                }}
                className="flex min-h-12 items-center rounded-xl px-4 text-left font-bold text-danger transition hover:bg-surface-3"
              >
                Logout
              </button>
            </div>
          ) : (
            <Link
              to={paths.login}
              onClick={close}
              className={buttonClasses('primary', 'md', 'mt-3')}
            >
              {AFFILIATE_LOGIN}
            </Link>
          )}
        </nav>
      </div>
    </div>
  );
}
