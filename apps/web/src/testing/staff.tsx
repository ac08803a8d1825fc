import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '../components/ui/toast';
import { clearSession, setSession } from '../lib/session';
import { tokensFixture, userFixture } from './fixtures';
import { mockApi, type MockHandler } from './mock-api';
import { renderWithClient } from './render';

/**
 * Every test of the file runs signed in as an admin; after each, the toasts, the session and the
 * mocked `fetch` are cleared.
 */
export function withStaffSession() {
  beforeEach(() => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
  });
  afterEach(() => {
    act(() => toast.clear());
    clearSession();
    vi.restoreAllMocks();
  });
}

/** Answers the API with `handlers`, renders the staff screen `ui`; returns the mock and a user. */
export function renderStaffScreen(ui: ReactNode, handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  renderWithClient(ui);
  return { api, user: userEvent.setup() };
}
