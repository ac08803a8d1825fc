import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { postLoginTarget } from '../lib/auth-redirect';
import { clearSession, setSession } from '../lib/session';
import { tokensFixture, userFixture } from '../testing/fixtures';
import { renderRoutes } from '../testing/render';
import { routes } from './router';

afterEach(() => clearSession());

describe('route guard', () => {
  it('sends a visitor to /login and keeps where they were going', async () => {
    const { router } = renderRoutes(routes, ['/transaction?page=2#latest']);

    expect(
      await screen.findByRole('heading', { name: 'Affiliate Login', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/transaction', search: '?page=2', hash: '#latest' },
    });
    expect(postLoginTarget(router.state.location)).toBe('/transaction?page=2#latest');
  });

  it('titles the login on the way to the staff console for staff, not affiliates', async () => {
    const { router } = renderRoutes(routes, ['/admin/review']);

    expect(
      await screen.findByRole('heading', { name: 'Staff Login', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Staff Login · TMC Presale'));
    expect(screen.queryByText('Affiliate Login')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('lets callbackUrl win over the guarded origin', async () => {
    const { router } = renderRoutes(routes, ['/profile']);
    await screen.findByRole('heading', { name: 'Affiliate Login', level: 1 });

    await router.navigate('/login?callbackUrl=%2Fpresale-requests', {
      state: router.state.location.state,
    });

    expect(router.state.location.state).toMatchObject({ from: { pathname: '/profile' } });
    expect(postLoginTarget(router.state.location)).toBe('/presale-requests');
  });

  it('shows signed-in pages to a signed-in user', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { router } = renderRoutes(routes, ['/profile']);

    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('redirects as soon as the session ends', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { router } = renderRoutes(routes, ['/affiliates']);
    await screen.findByRole('heading', { name: /Affiliates$/, level: 1 });

    clearSession();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/affiliates' } });
  });
});
