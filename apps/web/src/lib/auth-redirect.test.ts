import { describe, expect, it } from 'vitest';
import { postLoginTarget } from './auth-redirect';

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
