import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';
import { AlertIcon, CheckCircleIcon, CloseIcon } from './icons';

export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Spec section 9: toasts close by themselves after 5 seconds. */
export const TOAST_DURATION_MS = 5000;
/** A new toast replaces older ones beyond this, so they never stack up the screen. */
export const MAX_VISIBLE_TOASTS = 2;
/**
 * The room the visible toasts take at the bottom of the screen (0px when none): an open dialog
 * ends above it, so a toast never covers the dialog's controls.
 */
export const TOAST_SPACE_VARIABLE = '--toast-space';

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const next = items.filter((item) => item.id !== id);
  if (next.length !== items.length) {
    items = next;
    emit();
  }
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  // The same message again replaces the one on screen (and restarts its time) rather than repeating it.
  for (const item of items) {
    if (item.kind === kind && item.message === message) clearTimeout(timers.get(item.id));
  }
  const kept = items.filter((item) => item.kind !== kind || item.message !== message);
  const next = [...kept, { id, kind, message }];
  for (const dropped of next.slice(0, -MAX_VISIBLE_TOASTS)) clearTimeout(timers.get(dropped.id));
  items = next.slice(-MAX_VISIBLE_TOASTS);
  timers.set(
    id,
    setTimeout(() => dismiss(id), TOAST_DURATION_MS),
  );
  emit();
  return id;
}

/** Callable from anywhere: components, query callbacks, plain modules. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  dismiss,
  clear: () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    items = [];
    emit();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;

/**
 * Renders the toasts at the bottom centre, outside the app root so open dialogs never make
 * them inert, and publishes the room they take so open dialogs end above them.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, getItems, getItems);
  const hydrated = useHydrated();
  const regionRef = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const region = regionRef.current;
    if (toasts.length === 0 || !region) {
      root.removeProperty(TOAST_SPACE_VARIABLE);
      return;
    }
    const space = window.innerHeight - region.getBoundingClientRect().top;
    root.setProperty(TOAST_SPACE_VARIABLE, `${Math.max(0, Math.ceil(space))}px`);
  }, [toasts, hydrated]);

  // A portal has no place in prerendered HTML: it mounts once the page is live.
  if (!hydrated) return null;
  return createPortal(
    <section
      ref={regionRef}
      data-toaster=""
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions"
      className="pointer-events-none fixed right-3 bottom-3 left-3 z-[100] mx-auto flex flex-col items-center gap-2 sm:w-[28rem]"
    >
      {toasts.map((item) => (
        <div
          key={item.id}
          className={cn(
            'pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-2xl border-2 bg-surface-2 p-3.5 shadow-chunky',
            item.kind === 'success' ? 'border-success' : 'border-danger',
          )}
        >
          {item.kind === 'success' ? (
            <CheckCircleIcon className="mt-0.5 shrink-0 text-xl text-success" />
          ) : (
            <AlertIcon className="mt-0.5 shrink-0 text-xl text-danger" />
          )}
          <p className="flex-1 text-sm font-semibold break-words text-fg">
            <span className="sr-only">{item.kind === 'success' ? 'Success: ' : 'Error: '}</span>
            <span>{item.message}</span>
          </p>
          <button
            type="button"
            onClick={() => dismiss(item.id)}
            aria-label="Close notification"
            className="-m-1 shrink-0 rounded-full p-1 text-lg text-muted hover:bg-surface-3 hover:text-fg"
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>,
    document.body,
  );
}
