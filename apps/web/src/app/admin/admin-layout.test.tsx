import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../lib/session';
import { tokensFixture, userFixture } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { renderRoutes } from '../../testing/render';
import { AdminLayout } from './admin-layout';

afterEach(() => {
  // jsdom has no scrollIntoView: take back the one a test put in.
  delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  clearSession();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
  mockApi({
    'GET /v1/admin/unmatched-payments': {
      data: { data: [], page: 1, limit: 10, totalResults: 3, totalPages: 1 },
    },
  });
  return renderRoutes(
    [{ path: '/admin', element: <AdminLayout />, children: [{ path: '*', element: <p>Page</p> }] }],
    [path],
  );
}

describe('the staff navigation on a phone (m11)', () => {
  it('scrolls the current page’s tab into view when the tabs overflow', async () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.textContent ?? '');
    };
    renderAt('/admin/system');
    await screen.findByText('Page');
    expect(scrolled).toEqual(['System']);
  });

  it('puts Unmatched payments among the first tabs, after the review queue', async () => {
    renderAt('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Staff console' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent?.replace(/\d+$/, ''));
    expect(labels.slice(0, 3)).toEqual(['Dashboard', 'Review queue', 'Unmatched payments']);
  });
});
