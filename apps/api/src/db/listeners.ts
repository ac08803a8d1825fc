/** What a LISTEN subscriber hears: each notification, and whether it can trust it hears them all. */
export interface ChangeHandlers {
  notify(payload: string): void;
  /** Listening (again): notifications sent while it was not may have been missed. */
  up(): void;
  /** The listening connection is lost; `up` follows once it is back. */
  down(): void;
}

// Kept here, below lib/metrics, so the database client reports its connections without
// importing the metrics that read them.
const states = new Map<string, boolean>();

/** Wraps a LISTEN subscriber's handlers so this copy knows whether its connection is up. */
export function trackListener(channel: string, handlers: ChangeHandlers): ChangeHandlers {
  return {
    notify: (payload) => handlers.notify(payload),
    up: () => {
      states.set(channel, true);
      handlers.up();
    },
    down: () => {
      states.set(channel, false);
      handlers.down();
    },
  };
}

/** A stopped listener is no longer a connection to report. */
export function untrackListener(channel: string) {
  states.delete(channel);
}

/** The LISTEN connections of this copy and whether each is up. */
export function listenerStates(): { channel: string; up: boolean }[] {
  return [...states].map(([channel, up]) => ({ channel, up }));
}
