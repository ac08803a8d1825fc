import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths';
import { clearSession, setSession } from '../lib/session';
import { tokensFixture, userFixture } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { renderRoutes } from '../testing/render';
import { routes } from './router';

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

const pages: [path: string, heading: string | RegExp, title: string, state?: unknown][] = [
  [paths.home, 'TMC', 'Home · TMC Presale'],
  [paths.buy, 'Buy TMC', 'Buy TMC · TMC Presale'],
  [
    paths.buyBank,
    'Pay with Bank Transfer',
    'Pay with Bank Transfer · TMC Presale',
    { price: '500', userCurrency: 'EUR', convertedAmount: '833.3333', currency: 'AUD' },
  ],
  [paths.buyCrypto, 'Pay with Crypto Transfer', 'Pay with Crypto Transfer · TMC Presale'],
  [paths.whitePaper, 'White Paper', 'White Paper · TMC Presale'],
  [paths.disclaimer, 'Disclaimer', 'Disclaimer · TMC Presale'],
  [paths.affiliateDisclaimer, 'Affiliate Disclaimer', 'Affiliate Disclaimer · TMC Presale'],
  [paths.login, 'Affiliate Login', 'Affiliate Login · TMC Presale'],
  [paths.signup, 'Sign Up', 'Sign Up · TMC Presale'],
  [paths.otp, 'Verify OTP', 'Verify OTP · TMC Presale', { email: 'jamie@example.com' }],
  [paths.forgetPassword, 'Forgot Password', 'Forgot Password · TMC Presale'],
  [
    paths.forgetPasswordOtp,
    'Enter Reset Code',
    'Enter Reset Code · TMC Presale',
    { email: 'jamie@example.com' },
  ],
  [
    paths.updatePassword,
    'Update Password',
    'Update Password · TMC Presale',
    { email: 'jamie@example.com', resetToken: 'reset-1' },
  ],
  [paths.profile, 'Profile', 'Profile · TMC Presale'],
  [paths.transaction, /Transactions$/, 'Transactions · TMC Presale'],
  [paths.affiliates, /Affiliates$/, 'Affiliates · TMC Presale'],
  [paths.presaleRequests, /Presale Requests$/, 'Presale Requests · TMC Presale'],
  [paths.delivery, 'Delivery', 'Delivery · TMC Presale'],
  [paths.statements, 'Statements', 'Statements · TMC Presale'],
];

describe('routes', () => {
  it.each(pages)('%s shows its page and sets the title', async (path, heading, title, state) => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { router } = renderRoutes(routes, [{ pathname: path, state }]);

    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('shows the staff console only to admins', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    renderRoutes(routes, ['/admin']);
    expect(await screen.findByText('Staff only')).toBeInTheDocument();
  });

  it('opens the staff console for an admin signed in with the second factor', async () => {
    mockApi({ 'GET /v1/auth/totp': { data: { enabled: true, session: true } } });
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    renderRoutes(routes, ['/admin/reviews']);
    expect(
      await screen.findByRole('heading', { name: /Review queue$/, level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Review queue · Admin · TMC Presale'));
  });

  it('shows an admin without an authenticator the set-up screen instead of the console', async () => {
    mockApi({ 'GET /v1/auth/totp': { data: { enabled: false, session: false } } });
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    renderRoutes(routes, ['/admin/reviews']);
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor authentication', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Staff console' })).not.toBeInTheDocument();
  });

  it('asks an admin whose login had no second factor to sign in again with it', async () => {
    mockApi({ 'GET /v1/auth/totp': { data: { enabled: true, session: false } } });
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    renderRoutes(routes, ['/admin']);
    expect(await screen.findByText('Sign in with your authenticator')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Staff console' })).not.toBeInTheDocument();
  });
});
