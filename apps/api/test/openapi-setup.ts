import { afterEach, expect } from 'vitest';
import { takeDisagreements } from './openapi-answers.ts';

// An answer its operation's document does not describe fails the test that received it.
afterEach(() => {
  expect(takeDisagreements(), 'answers that disagree with the API document').toEqual([]);
});
