import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tokensFixture, userFixture } from '../testing/fixtures';
import {
  clearSession,
  getSession,
  setSession,
  setTokens,
  syncSessionFromStorage,
  updateUser,
  useSession,
} from './session';

afterEach(() => clearSession());

describe('session store', () => {
  it('persists the user under a versioned root key and the tokens under their own keys', () => {
    setSession({ user: userFixture, tokens: tokensFixture('a1', 'r1') });

    expect(JSON.parse(localStorage.getItem('persist:root') ?? 'null')).toEqual({
      version: 1,
      user: userFixture,
    });
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(getSession()).toEqual({ user: userFixture, accessToken: 'a1', refreshToken: 'r1' });
  });

  it('rotates tokens and updates the user without losing the rest', () => {
    setSession({ user: userFixture, tokens: tokensFixture('a1', 'r1') });
    setTokens(tokensFixture('a2', 'r2'));
    updateUser({ ...userFixture, isAffiliated: true });

    expect(getSession()).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r2',
      user: { isAffiliated: true },
    });
    expect(localStorage.getItem('refreshToken')).toBe('r2');
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as {
      user: { isAffiliated: boolean };
    };
    expect(root.user.isAffiliated).toBe(true);
  });

  it('clears the user and both tokens', () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    clearSession();

    expect(getSession().user).toBeNull();
    expect(localStorage.getItem('persist:root')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('ignores a persisted root of another version', () => {
    localStorage.setItem('persist:root', JSON.stringify({ version: 0, user: userFixture }));
    syncSessionFromStorage();
    expect(getSession().user).toBeNull();
  });

  it('follows changes made by another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.user).toBeNull();

    localStorage.setItem('persist:root', JSON.stringify({ version: 1, user: userFixture }));
    localStorage.setItem('accessToken', 'other-tab');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'persist:root' }));
    });
    expect(result.current.user?.email).toBe(userFixture.email);
    expect(result.current.accessToken).toBe('other-tab');

    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current.user).toBeNull();
  });
});
