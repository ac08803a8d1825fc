import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while React hydrates prerendered HTML, true afterwards (and from the
 * start of a page rendered in the browser alone). What depends on the browser (storage, the
 * query string, the clock) waits for it, so the first client render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
