import type { Role } from '@tmc/shared';
import type { Database } from '../db/client.ts';

/**
 * Every signed-in request needs the account's role and session version. They change only when a
 * session is ended (password reset, role change, authenticator turned on), so each copy of the API
 * keeps them in memory: a trigger on users NOTIFYs this channel with the account's id when either
 * changes (drizzle/0006), and a copy that is not hearing notifications keeps nothing.
 */
export const SESSIONS_CHANNEL = 'tmc_sessions';

export interface SessionState {
  role: Role;
  sessionVersion: number;
}

/** Enough for every account active at a launch; the oldest is dropped past it. */
const MAX_ENTRIES = 100_000;
/**
 * How long a state is trusted even while the listener looks alive: a connection cut without a
 * reset is only found by its heartbeat, and a change missed meanwhile must not live on for long.
 */
export const SESSION_STATE_MAX_AGE_MS = 5_000;

/** The caches of this process, so a session ended here is forgotten before its NOTIFY arrives. */
const caches = new Set<{ forget(id: string): void }>();

/**
 * Drops the account's state from every cache of this process: called where a session version is
 * raised, so this copy refuses the old tokens at once; the NOTIFY of the commit reaches the others.
 */
export function forgetSessionState(id: string) {
  for (const cache of caches) cache.forget(id);
}

export function createSessionStates(
  load: (id: string) => Promise<SessionState | undefined>,
  opts: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {},
) {
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const maxAge = opts.maxAgeMs ?? SESSION_STATE_MAX_AGE_MS;
  const now = opts.now ?? Date.now;
  const states = new Map<string, SessionState & { loadedAt: number }>();
  // Raised by every change heard: a read that a change overtook is answered but not kept.
  let generation = 0;
  // Deaf until the listener reports it is up.
  let listening = false;

  const forgetAll = () => {
    generation += 1;
    states.clear();
  };
  const cache = {
    forget(id: string) {
      generation += 1;
      states.delete(id);
    },
  };
  caches.add(cache);

  return {
    /**
     * The account's state. A token newer than what is kept (made by another copy before this one
     * heard the change) makes it read the database again.
     */
    async get(id: string, tokenVersion: number): Promise<SessionState | undefined> {
      const hit = states.get(id);
      if (hit && hit.sessionVersion >= tokenVersion && now() - hit.loadedAt < maxAge)
        return { role: hit.role, sessionVersion: hit.sessionVersion };
      const seen = generation;
      const loadedAt = now();
      const state = await load(id);
      if (state && listening && seen === generation) {
        states.delete(id);
        if (states.size >= maxEntries) states.delete(states.keys().next().value!);
        states.set(id, { ...state, loadedAt });
      }
      return state;
    },
    /** A notification: this account's role or session version changed (empty: any account's). */
    changed(id: string) {
      if (id) cache.forget(id);
      else forgetAll();
    },
    /** The listener is up: from now on every change is heard (earlier ones may not have been). */
    listening() {
      listening = true;
      forgetAll();
    },
    deaf() {
      listening = false;
      forgetAll();
    },
    get size() {
      return states.size;
    },
    close() {
      caches.delete(cache);
      forgetAll();
    },
  };
}

export type SessionStates = ReturnType<typeof createSessionStates>;

/** Keeps `states` in step with the database's notifications; resolves to the unsubscribe. */
export async function watchSessionStates(database: Database, states: SessionStates) {
  const unlisten = await database.listen(SESSIONS_CHANNEL, {
    notify: (id) => states.changed(id),
    up: () => states.listening(),
    down: () => states.deaf(),
  });
  return async () => {
    await unlisten();
    states.close();
  };
}
