/**
 * The seeds a property test runs: the one `replayVariable` names (to replay a failure), else a
 * fixed seed and a fresh one (printed by the test, so a failure can be replayed).
 */
export function propertySeeds(replayVariable: string, fixed: number) {
  const replay = process.env[replayVariable];
  return replay
    ? [{ name: 'replayed', seed: Number(replay) }]
    : [
        { name: 'fixed', seed: fixed },
        { name: 'fresh', seed: Math.floor(Math.random() * 2 ** 31) },
      ];
}
