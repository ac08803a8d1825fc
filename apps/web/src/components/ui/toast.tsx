import { useSyncExternalStore } from 'react';
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
const MAX_VISIBLE = 4;

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
  items = [...items, { id, kind, message }].slice(-MAX_VISIBLE);
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

/** Renders the toasts top-right, outside the app root so open dialogs never cover them. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, getItems, getItems);
  const hydrated = useHydrated();
  // A portal has no place in prerendered HTML: it mounts once the page is live.
  if (!hydrated) return null;
  return createPortal(
    <section
      data-toaster=""
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions"
      className="pointer-events-none fixed top-3 right-3 left-3 z-[100] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
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
