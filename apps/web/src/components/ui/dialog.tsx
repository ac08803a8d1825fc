import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';
import { focusableIn } from '../../lib/focusable';
import { CloseIcon } from './icons';

let openCount = 0;

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop (when `dismissible`). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False for dialogs that must be answered with one of their buttons. */
  dismissible?: boolean;
  /** Element to focus on open; defaults to the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' };

/**
 * Modal dialog: labelled by its title, focus moves in and stays in, Escape closes, and
 * focus returns to where it was. Everything else on the page is made inert while open;
 * dialogs may stack (the newest is the active one).
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  initialFocusRef,
  className,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const overlay = overlayRef.current;
    const panel = panelRef.current;
    if (!overlay || !panel) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;

    const madeInert = Array.from(document.body.children).filter(
      (el) => el !== overlay && !el.hasAttribute('data-toaster') && !el.hasAttribute('inert'),
    );
    for (const el of madeInert) el.setAttribute('inert', '');
    openCount += 1;
    document.body.style.overflow = 'hidden';

    const focusable = focusableIn(panel);
    const target =
      initialFocusRef?.current ??
      focusable.find((el) => !el.hasAttribute('data-dialog-close')) ??
      focusable[0] ??
      panel;
    target.focus();

    return () => {
      for (const el of madeInert) el.removeAttribute('inert');
      openCount -= 1;
      if (openCount === 0) document.body.style.overflow = '';
      previouslyFocused?.focus?.();
    };
    // Runs once per opening; later prop changes must not steal focus again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && dismissible) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = focusableIn(panelRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      ref={overlayRef}
      // Ends above the toasts (their room is 0 when none show), so they never cover its controls.
      className="fixed inset-x-0 top-0 bottom-[var(--toast-space,0px)] z-50 flex items-end justify-center overflow-y-auto p-3 sm:items-center sm:p-6"
      onKeyDown={onKeyDown}
    >
      <div
        className="fixed inset-0 bg-ink/80 backdrop-blur-sm"
        aria-hidden="true"
        onClick={dismissible ? onClose : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'relative my-auto w-full rounded-[var(--radius-chunky)] border-2 border-line bg-surface p-5 shadow-chunky sm:p-7',
          widths[size],
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-2xl leading-tight">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1.5 text-muted">
                {description}
              </p>
            ) : null}
          </div>
          {dismissible ? (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              data-dialog-close=""
              className="-mt-1 -mr-1 shrink-0 rounded-full p-2 text-xl text-muted hover:bg-surface-3 hover:text-fg"
            >
              <CloseIcon />
            </button>
          ) : null}
        </div>
        {children}
        {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
