/** TmcDistributor's immutable schedule (`vestStart` etc. in seconds). */
export interface VestingSchedule {
  vestStart: bigint;
  tgeBps: bigint;
  cliffSeconds: bigint;
  durationSeconds: bigint;
}

const FULL_BPS = 10_000n;

/**
 * The contract's `unlocked(total, at)`, step for step in integers (every division rounds down as
 * Solidity's does), so the page shows to the wei what a claim at `at` would pay.
 */
export function unlockedAt(schedule: VestingSchedule, total: bigint, at: bigint): bigint {
  const { vestStart, tgeBps, cliffSeconds, durationSeconds } = schedule;
  if (at < vestStart) return 0n;
  if (tgeBps === FULL_BPS || at >= vestStart + durationSeconds) return total;
  const tge = (total * tgeBps) / FULL_BPS;
  const elapsed = at - vestStart;
  if (elapsed < cliffSeconds) return tge;
  return tge + ((total - tge) * elapsed) / durationSeconds;
}

export const vests = (schedule: VestingSchedule) => schedule.tgeBps !== FULL_BPS;

/** The next moment worth naming: the schedule's start, the cliff's end, then its end. */
export function nextUnlockAt(schedule: VestingSchedule, at: bigint): bigint | null {
  const { vestStart, cliffSeconds, durationSeconds } = schedule;
  return (
    [vestStart, vestStart + cliffSeconds, vestStart + durationSeconds].find((t) => t > at) ?? null
  );
}
