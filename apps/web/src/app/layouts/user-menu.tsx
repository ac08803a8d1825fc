import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { User } from '@tmc/shared';
import { ChevronDownIcon } from '../../components/ui/icons';
import { cn } from '../../lib/cn';
import { accountLinks } from './account-links';
import { UserAvatar } from './user-avatar';

interface UserMenuProps {
  user: User;
  onLogout: () => void;
}

// Focus shows as a filled, lime item (the menu moves focus itself, so no outline ring).
const itemClass =
  'flex w-full items-center rounded-xl px-3 py-2.5 text-left font-semibold outline-none ' +
  'hover:bg-surface-3 focus:bg-surface-3 focus:text-lime';

/**
 * The signed-in user's dropdown (WAI-ARIA menu button): Enter, Space or ArrowDown open it on
 * the first item, ArrowUp on the last; arrows, Home and End move; Escape closes.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const menuId = useId();
  const buttonId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  const links = accountLinks(user);
  const count = links.length + 1; // plus Logout

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Enter and Space arrive as a click on the button.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(count - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => (index - 1 + count) % count);
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(count - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case ' ':
        // Links do not activate on Space by themselves; menu items should.
        event.preventDefault();
        (event.target as HTMLElement).click();
        break;
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-3 rounded-full border-2 border-line bg-surface py-1 pr-3 pl-1 transition hover:border-muted"
      >
        <UserAvatar name={user.name} />
        <span className="flex min-w-0 flex-col text-left leading-tight">
          <span className="max-w-44 truncate text-sm font-bold">{user.name}</span>
          <span className="max-w-44 truncate text-xs text-muted">{user.email}</span>
        </span>
        <ChevronDownIcon className={cn('text-lg text-muted transition', open && 'rotate-180')} />
        <span className="sr-only">Account menu</span>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-60 rounded-2xl border-2 border-line bg-surface-2 p-1.5 shadow-chunky"
        >
          {links.map((link, index) => (
            <Link
              key={link.to}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              to={link.to}
              role="menuitem"
              tabIndex={-1}
              onClick={() => close(false)}
              className={cn(itemClass, 'text-fg')}
            >
              {link.label}
            </Link>
          ))}
          <div role="separator" className="my-1 h-px bg-line" />
          <button
            ref={(el) => {
              itemRefs.current[links.length] = el;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close(false);
              onLogout();
            }}
            className={cn(itemClass, 'text-danger')}
          >
            Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}
