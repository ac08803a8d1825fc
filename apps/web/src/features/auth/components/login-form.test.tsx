import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, securityMessages } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, getSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { forgetSignupPassword, signupPasswordFor } from '../signup-password';
import { LoginForm } from './login-form';

function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page, state {JSON.stringify(location.state)}
    </p>
  );
}

function renderLogin(entries: Parameters<typeof renderRoutes>[1] = ['/login']) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/', element: <Probe name="Home" /> },
      { path: '/profile', element: <Probe name="Profile" /> },
      { path: '/presale-requests', element: <Probe name="Requests" /> },
      { path: '/otp', element: <Probe name="OTP" /> },
    ],
    entries,
  );
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

afterEach(() => {
  clearSession();
  toast.clear();
  vi.restoreAllMocks();
});

describe('LoginForm', () => {
  it('shows the spec messages under their fields and clears each on focus', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderLogin();

    await user.type(email(), 'not-an-email');
    await user.type(password(), '123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(messages.loginEmail)).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription(messages.loginEmail);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription(messages.loginPassword);
    expect(api.spy).not.toHaveBeenCalled();

    // The first invalid field takes focus and keeps its message until typed in.
    expect(email()).toHaveFocus();
    expect(screen.getByText(messages.loginEmail)).toBeInTheDocument();
    await user.type(email(), 'x');
    expect(screen.queryByText(messages.loginEmail)).not.toBeInTheDocument();
    expect(screen.getByText(messages.loginPassword)).toBeInTheDocument();
    await user.click(password());
    expect(screen.queryByText(messages.loginPassword)).not.toBeInTheDocument();
  });

  it('links to the reset screen', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgetpassword',
    );
  });

  it('logs in on Enter, stores the session, drops the referral code and replaces history with callbackUrl', async () => {
    const api = mockApi({
      'POST /v1/auth/login': { data: { user: userFixture, tokens: tokensFixture('a9', 'r9') } },
    });
    localStorage.setItem('referralCode', 'MEME42');
    const user = userEvent.setup();
    const { router } = renderLogin(['/', '/login?callbackUrl=%2Fprofile']);

    await user.type(email(), ' Jamie@Example.com ');
    await user.type(password(), 'password1{Enter}');

    expect(await screen.findByText(/Profile page/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.bodies('POST /v1/auth/login')).toEqual([
      { email: 'jamie@example.com', password: 'password1' },
    ]);
    expect(getSession()).toMatchObject({
      user: { name: 'Jamie Rivers' },
      accessToken: 'a9',
      refreshToken: 'r9',
    });
    expect(localStorage.getItem('accessToken')).toBe('a9');
    expect(localStorage.getItem('referralCode')).toBeNull();
  });

  it('returns to the guarded page when there is no callbackUrl', async () => {
    mockApi({
      'POST /v1/auth/login': { data: { user: userFixture, tokens: tokensFixture() } },
    });
    const user = userEvent.setup();
    const { router } = renderLogin([
      { pathname: '/login', state: { from: { pathname: '/presale-requests', search: '' } } },
    ]);

    await user.type(email(), 'jamie@example.com');
    await user.type(password(), 'password1{Enter}');

    await screen.findByText(/Requests page/);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the server message on 400 and stops loading', async () => {
    mockApi({
      'POST /v1/auth/login': { status: 400, message: messages.badCredentials },
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(email(), 'jamie@example.com');
    await user.type(password(), 'password1{Enter}');

    expect(await screen.findByText(messages.badCredentials)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(getSession().user).toBeNull();
  });

  it('sends an unverified account straight to /otp on 403, with no error toast', async () => {
    mockApi({
      'POST /v1/auth/login': { status: 403, message: messages.verifyEmail },
    });
    const user = userEvent.setup();
    const { router } = renderLogin();

    await user.type(email(), 'jamie@example.com');
    await user.type(password(), 'password1{Enter}');

    await screen.findByText(/OTP page/);
    expect(router.state.location.state).toEqual({
      email: 'jamie@example.com',
      codeResent: true,
      returnTo: '/',
    });
    expect(screen.queryByText(/Login failed/)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.verifyEmail)).not.toBeInTheDocument();
    // The code screen sends this password with the code, so no set-password step follows.
    expect(signupPasswordFor('jamie@example.com')).toBe('password1');
    forgetSignupPassword();
  });

  it('prefixes other failures with "Login failed:"', async () => {
    mockApi({
      'POST /v1/auth/login': { status: 429, message: 'Too many attempts, try again later' },
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(email(), 'jamie@example.com');
    await user.type(password(), 'password1{Enter}');

    expect(
      await screen.findByText('Login failed: Too many attempts, try again later'),
    ).toBeInTheDocument();
  });

  it('asks for the authentication code when the server wants it, and sends it as totp or recoveryCode', async () => {
    const totpRequired = {
      status: 401,
      message: securityMessages.totpRequired,
      errors: { totp: securityMessages.totpRequired },
    };
    const api = mockApi({
      'POST /v1/auth/login': (body) => {
        const b = body as { totp?: string; recoveryCode?: string };
        if (b.totp === '246810' || b.recoveryCode === 'abcde-fghjk')
          return { data: { user: userFixture, tokens: tokensFixture('a2', 'r2') } };
        return totpRequired;
      },
    });
    const user = userEvent.setup();
    renderLogin();

    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.type(email(), 'staff@example.com');
    await user.type(password(), 'password1{Enter}');
    const code = await screen.findByLabelText('Authentication code');
    // Asked, not refused: no error yet, and no toast.
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.queryByText(`Login failed: ${securityMessages.totpRequired}`),
    ).not.toBeInTheDocument();

    await user.type(code, '111111{Enter}');
    expect(await screen.findByText(securityMessages.totpRequired)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(getSession().user).toBeNull();

    await user.clear(code);
    await user.type(code, 'abcde-fghjk{Enter}');
    await screen.findByText(/Home page/);
    expect(api.bodies('POST /v1/auth/login')).toEqual([
      { email: 'staff@example.com', password: 'password1' },
      { email: 'staff@example.com', password: 'password1', totp: '111111' },
      { email: 'staff@example.com', password: 'password1', recoveryCode: 'abcde-fghjk' },
    ]);
    expect(getSession()).toMatchObject({ accessToken: 'a2' });
  });

  it('fills in the e-mail handed over by the previous screen', () => {
    renderRoutes(
      [{ path: '/login', element: <LoginForm defaultEmail="jamie@example.com" /> }],
      ['/login'],
    );
    expect(email()).toHaveValue('jamie@example.com');
  });
});
