import { useSyncExternalStore } from 'react';
import type { Tokens, User } from '@tmc/shared';
import { forgetSignOut } from './auth-redirect';

/** Browser storage keys (spec section 3). */
export const storageKeys = {
  root: 'persist:root',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

/** Bump when the persisted shape changes; older roots are ignored (treated as signed out). */
export const SESSION_VERSION = 1;

export interface Session {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
}

interface PersistedRoot {
  version: number;
  user: User | null;
}

const signedOut: Session = { user: null, accessToken: null, refreshToken: null };

function readStorage(): Session {
  try {
    const raw = localStorage.getItem(storageKeys.root);
    const root = raw ? (JSON.parse(raw) as Partial<PersistedRoot>) : null;
    const user = root?.version === SESSION_VERSION && root.user ? root.user : null;
    return {
      user,
      accessToken: localStorage.getItem(storageKeys.accessToken),
      refreshToken: localStorage.getItem(storageKeys.refreshToken),
    };
  } catch {
    return signedOut;
  }
}

function writeStorage(session: Session) {
  const root: PersistedRoot = { version: SESSION_VERSION, user: session.user };
  localStorage.setItem(storageKeys.root, JSON.stringify(root));
  for (const key of [storageKeys.accessToken, storageKeys.refreshToken] as const) {
    const value = session[key];
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  }
}

let current: Session = typeof localStorage === 'undefined' ? signedOut : readStorage();
const listeners = new Set<() => void>();

function commit(next: Session, persist = true) {
  current = next;
  if (persist) writeStorage(next);
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return current;
}

export function setSession({ user, tokens }: { user: User; tokens: Tokens }): void {
  forgetSignOut();
  commit({ user, accessToken: tokens.access.token, refreshToken: tokens.refresh.token });
}

/** Stores rotated tokens and keeps the user. */
export function setTokens(tokens: Tokens): void {
  commit({ ...current, accessToken: tokens.access.token, refreshToken: tokens.refresh.token });
}

export function updateUser(user: User): void {
  commit({ ...current, user });
}

export function clearSession(): void {
  current = signedOut;
  localStorage.removeItem(storageKeys.root);
  localStorage.removeItem(storageKeys.accessToken);
  localStorage.removeItem(storageKeys.refreshToken);
  for (const listener of listeners) listener();
}

/** Re-reads storage, e.g. after another tab changed it. */
export function syncSessionFromStorage(): void {
  const next = readStorage();
  const unchanged =
    next.accessToken === current.accessToken &&
    next.refreshToken === current.refreshToken &&
    JSON.stringify(next.user) === JSON.stringify(current.user);
  if (unchanged) return;
  commit(next, false);
}

function onStorage(event: StorageEvent) {
  // key is null when another tab called localStorage.clear() (the mobile logout).
  if (event.key === null || (Object.values(storageKeys) as string[]).includes(event.key)) {
    syncSessionFromStorage();
  }
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const getSignedOut = () => signedOut;

/** Prerendered pages are a visitor's view: hydration starts signed out, then shows the session. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSignedOut);
}
