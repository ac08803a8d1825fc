import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { clearSession, getSession, setSession } from '../../lib/session';
import { tokensFixture, userFixture } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { renderRoutes } from '../../testing/render';
import { SiteHeader } from './site-header';

function renderHeader(url = '/') {
  return renderRoutes(
    [
      { path: '/', element: <SiteHeader /> },
      { path: '*', element: <SiteHeader /> },
    ],
    [url],
  );
}

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('SiteHeader', () => {
  it("offers the spec's 'Affiliate Login' button to visitors", () => {
    renderHeader();

    expect(screen.getByRole('link', { name: 'Affiliate Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
    expect(mainNav().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(mainNav().getByRole('link', { name: 'Buy TMC' })).toHaveAttribute('href', '/token/buy');
  });

  it('opens the white paper from the presale config in a new tab', () => {
    renderHeader();
    const link = mainNav().getByRole('link', { name: /White Paper/ });
    expect(link).toHaveAttribute('href', 'https://papers.example.com/tmc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('asks an unverified account to verify its e-mail, with the code entry and Resend, until it does', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const view = renderHeader();
    expect(screen.queryByRole('button', { name: 'Verify your e-mail' })).not.toBeInTheDocument();
    view.unmount();

    setSession({ user: { ...userFixture, emailVerified: false }, tokens: tokensFixture() });
    const api = mockApi({
      'POST /v1/auth/otpVerification': (body) =>
        (body as { otp: string }).otp === '4815'
          ? { message: 'Email verified successfully' }
          : { status: 400, message: 'Invalid or expired code' },
    });
    const user = userEvent.setup();
    renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Verify your e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    expect(within(dialog).getByRole('timer')).toHaveTextContent('5:00');

    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 1' }));
    await user.paste('1111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
    expect(getSession().user?.emailVerified).toBe(false);

    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 1' }));
    await user.paste('4815');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Verify your e-mail' })).not.toBeInTheDocument(),
    );
    expect(getSession().user?.emailVerified).toBe(true);
    expect(api.bodies('POST /v1/auth/otpVerification')).toEqual([
      { otp: '1111', email: userFixture.email },
      { otp: '4815', email: userFixture.email },
    ]);
  });

  it('shows the signed-in user with name, e-mail and initial', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    renderHeader();

    const button = await screen.findByRole('button', { name: /account menu/i });
    expect(within(button).getByText('Jamie Rivers')).toBeInTheDocument();
    expect(within(button).getByText('jamie@example.com')).toBeInTheDocument();
    expect(within(button).getByText('J')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Affiliate Login' })).not.toBeInTheDocument();
  });

  it('carries referral_code from the URL on Home and Buy', () => {
    renderHeader('/disclaimer?referral_code=MEME42');

    expect(mainNav().getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/?referral_code=MEME42',
    );
    expect(mainNav().getByRole('link', { name: 'Buy TMC' })).toHaveAttribute(
      'href',
      '/token/buy?referral_code=MEME42',
    );
  });

  it('carries a stored referral code too', () => {
    localStorage.setItem('referralCode', 'SAVED7');
    renderHeader('/disclaimer');
    expect(mainNav().getByRole('link', { name: 'Buy TMC' })).toHaveAttribute(
      'href',
      '/token/buy?referral_code=SAVED7',
    );
  });

  it('has a keyboard-driven account menu', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    renderHeader();
    const button = await screen.findByRole('button', { name: /account menu/i });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profile',
      'Transaction',
      'Presale Requests',
      'Admin',
      'Logout',
    ]);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(items[0]).toHaveFocus());

    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => expect(items[1]).toHaveFocus());
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    await waitFor(() => expect(items[4]).toHaveFocus());

    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('shows no Admin item to other users', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('logs out: revokes the refresh token, clears the session and goes to /login', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ code: 200, message: 'ok', data: null });
    setSession({ user: userFixture, tokens: tokensFixture('a1', 'r1') });
    const { router } = renderHeader('/profile');

    fireEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(post).toHaveBeenCalledWith('/v1/auth/logout', { refreshToken: 'r1' }, { auth: false });
    expect(getSession().user).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('mobile logout clears all of local storage', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new Error('offline'));
    setSession({ user: userFixture, tokens: tokensFixture() });
    localStorage.setItem('something-else', 'x');
    const { router } = renderHeader('/profile');

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getByText('jamie@example.com')).toBeInTheDocument();
    fireEvent.click(mobile.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.length).toBe(0);
    expect(getSession().user).toBeNull();
  });

  it('mobile menu: focus moves in and stays, Escape closes it and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });

    await user.click(toggle);
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    const links = within(mobile).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Home');
    expect(links[links.length - 1]).toHaveAccessibleName('Affiliate Login');
    expect(links[links.length - 1]).toHaveAttribute('href', '/login');
    expect(links[0]).toHaveFocus();

    // Tab from the last link comes back round to the close button, not into the page.
    links[links.length - 1]!.focus();
    await user.tab();
    const closeButton = screen.getByRole('button', { name: 'Close menu' });
    expect(closeButton).toHaveFocus();
    await user.tab({ shift: true });
    expect(links[links.length - 1]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('mobile menu closes on any navigation, also one not made through its links', async () => {
    const user = userEvent.setup();
    // One route for every path, so the header (and its open menu) stays mounted across them.
    const { router } = renderRoutes([{ path: '*', element: <SiteHeader /> }], ['/']);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
    await act(() => router.navigate('/token/buy'));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', {
        name: 'Home',
      }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});
