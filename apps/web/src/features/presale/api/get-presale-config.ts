import { useEffect, useSyncExternalStore } from 'react';
import type { PresaleConfig } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export async function getPresaleConfig(signal?: AbortSignal): Promise<PresaleConfig> {
  const { data } = await api.get<PresaleConfig>('/v1/presale/config', { signal, auth: false });
  return data;
}

export interface PresaleConfigState {
  /** Undefined until the first answer. */
  data?: PresaleConfig;
  /** The settings could not be loaded (and none were loaded before). */
  isError: boolean;
}

/*
 * The header and the home page need the settings on every page, so they come from this small
 * store instead of TanStack Query: the home page loads no data library at all.
 */
// Settings change rarely; one fetch per visit is plenty.
const STALE_MS = 5 * 60_000;
const initial: PresaleConfigState = { isError: false };
let state = initial;
let fetchedAt = 0;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: PresaleConfigState) {
  state = next;
  for (const listener of listeners) listener();
}

function load() {
  if (pending || (state.data && Date.now() - fetchedAt < STALE_MS)) return;
  pending = getPresaleConfig()
    .then((data) => {
      fetchedAt = Date.now();
      set({ data, isError: false });
    })
    .catch(() => set({ data: state.data, isError: !state.data }))
    .finally(() => {
      pending = null;
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The presale settings (loaded once per visit), the same snapshot on the server and at hydration. */
export function usePresaleConfig(): PresaleConfigState {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => initial,
  );
  useEffect(load, []);
  return snapshot;
}

/** After staff change the settings: every page reads the new ones. */
export function reloadPresaleConfig(): void {
  fetchedAt = 0;
  void (pending ?? Promise.resolve()).then(load);
}

/** Tests: start from known settings (or none), with no request. */
export function setPresaleConfig(data: PresaleConfig | undefined): void {
  fetchedAt = data ? Date.now() : 0;
  set(data ? { data, isError: false } : initial);
}
