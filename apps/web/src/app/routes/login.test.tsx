import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { renderRoutes } from '../../testing/render';
import { routes } from '../router';

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe("the spec's 'Affiliate Login'", () => {
  it('titles /login, with a line saying buyers log in there too', async () => {
    renderRoutes(routes, ['/login']);
    expect(
      await screen.findByRole('heading', { name: 'Affiliate Login', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Buyers log in here too/)).toBeInTheDocument();
  });

  it('is the sign-up page’s link to /login', async () => {
    renderRoutes(routes, ['/signup']);
    await screen.findByRole('heading', { name: 'Sign Up', level: 1 });
    expect(screen.getByRole('link', { name: 'Affiliate Login' })).toHaveAttribute('href', '/login');
  });
});
