import { afterEach, describe, expect, it } from 'vitest';
import { tokensFixture, userFixture } from '../testing/fixtures';
import { markSignOut, postLoginTarget, takeSignOut } from './auth-redirect';
import { clearSession, setSession } from './session';

const from = { pathname: '/transaction', search: '?page=2', hash: '' };

describe('postLoginTarget', () => {
  it('prefers ?callbackUrl= over the guarded origin', () => {
    expect(postLoginTarget({ search: '?callbackUrl=%2Fprofile', state: { from } })).toBe(
      '/profile',
    );
  });

  it('falls back to the guarded origin, keeping its query', () => {
    expect(postLoginTarget({ search: '', state: { from } })).toBe('/transaction?page=2');
  });

  it('falls back to home', () => {
    expect(postLoginTarget({ search: '', state: null })).toBe('/');
  });

  it('never leaves the site', () => {
    expect(postLoginTarget({ search: '?callbackUrl=https://evil.example', state: null })).toBe('/');
    expect(postLoginTarget({ search: '?callbackUrl=//evil.example', state: { from } })).toBe(
      '/transaction?page=2',
    );
  });
});

describe('a deliberate sign-out (R4)', () => {
  afterEach(() => clearSession());

  it('is taken once by the guard after a logout', () => {
    markSignOut();
    expect(takeSignOut()).toBe(true);
    expect(takeSignOut()).toBe(false);
  });

  it('ends with the next sign-in: a logout on a public page never drops a later origin', () => {
    markSignOut();
    setSession({ user: userFixture, tokens: tokensFixture() });
    expect(takeSignOut()).toBe(false);
  });
});
