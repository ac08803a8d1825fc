import fc from 'fast-check';
import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { ANSWER_TIME_BUCKETS, AnswerTimes } from './metrics.ts';

const answer = fc.record({
  route: fc.constantFrom('/v1/presale/config', '/v1/auth/login', 'unmatched'),
  method: fc.constantFrom('GET', 'HEAD', 'POST'),
  status: fc.constantFrom(200, 304, 400, 404, 503),
  // Bounds themselves too: an answer of exactly 5 ms counts in the 5 ms bucket.
  seconds: fc.oneof(
    fc.constantFrom(0, ...ANSWER_TIME_BUCKETS),
    fc.double({ min: 0, max: 20, noNaN: true }),
  ),
});

type Answer = typeof answer extends fc.Arbitrary<infer T> ? T : never;

/** The same answers in AnswerTimes and in prom-client's own Histogram, each in a registry. */
function recordBoth(answers: Answer[]) {
  const ours = new Registry();
  const times = new AnswerTimes().registerIn(ours);
  const theirs = new Registry();
  const histogram = new Histogram({
    name: times.name,
    help: times.help,
    labelNames: ['method', 'route', 'status_code'],
    buckets: ANSWER_TIME_BUCKETS,
    registers: [theirs],
  });
  const routes = new Map<string, ReturnType<AnswerTimes['forRoute']>>();
  for (const { route, method, status, seconds } of answers) {
    if (!routes.has(route)) routes.set(route, times.forRoute(route));
    routes.get(route)!(method, status, seconds);
    histogram.observe({ method, route, status_code: String(status) }, seconds);
  }
  return { ours, theirs };
}

describe('the answer-time histogram', () => {
  it("exports what prom-client's Histogram exports for the same answers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { maxLength: 60 }), async (answers) => {
        const { ours, theirs } = recordBoth(answers);
        expect(await ours.metrics()).toBe(await theirs.metrics());
      }),
    );
  });

  it("adds up across the cluster's workers as prom-client's Histogram does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(answer, { maxLength: 30 }),
        fc.array(answer, { maxLength: 30 }),
        async (first, second) => {
          const [a, b] = [recordBoth(first), recordBoth(second)];
          const sum = async (registries: Registry[]) =>
            AggregatorRegistry.aggregate(
              await Promise.all(registries.map((r) => r.getMetricsAsJSON())),
            ).metrics();
          expect(await sum([a.ours, b.ours])).toBe(await sum([a.theirs, b.theirs]));
        },
      ),
    );
  });
});
