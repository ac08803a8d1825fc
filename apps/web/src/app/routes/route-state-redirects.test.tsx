import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render';
import { routes } from '../router';
import { forgetSignupPassword, rememberSignupPassword } from '../../features/auth/signup-password';

describe('account screens that need route state', () => {
  it.each([
    ['/otp', 'Sign Up', '/signup'],
    ['/forgetpasswordotp', 'Forgot Password', '/forgetpassword'],
    ['/updatepassword', 'Forgot Password', '/forgetpassword'],
  ])('%s opened directly goes to %s', async (path, heading, target) => {
    const { router } = renderRoutes(routes, [path]);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(target);
  });

  it('/updatepassword needs the reset token as well as the e-mail', async () => {
    const { router } = renderRoutes(routes, [
      { pathname: '/updatepassword', state: { email: 'jamie@example.com' } },
    ]);
    await screen.findByRole('heading', { name: 'Forgot Password', level: 1 });
    expect(router.state.location.pathname).toBe('/forgetpassword');
  });

  it('/otp says a new code was sent when a login of the unverified account led there', async () => {
    renderRoutes(routes, [
      { pathname: '/otp', state: { email: 'jamie@example.com', codeResent: true } },
    ]);
    const heading = await screen.findByRole('heading', { name: 'Verify OTP', level: 1 });
    expect(heading.parentElement).toHaveTextContent(
      'Your e-mail is not verified yet. We sent a new 4-digit code to jamie@example.com',
    );
  });

  it('/otp after such a login, with its password in this tab, says the code logs in (m15)', async () => {
    rememberSignupPassword('jamie@example.com', 'typed at login');
    renderRoutes(routes, [
      { pathname: '/otp', state: { email: 'jamie@example.com', codeResent: true, returnTo: '/' } },
    ]);
    const heading = await screen.findByRole('heading', { name: 'Verify OTP', level: 1 });
    expect(heading.parentElement).toHaveTextContent(
      'Your e-mail is not verified yet. We sent a new 4-digit code to jamie@example.com: enter it to verify your e-mail and you are logged in.',
    );
    forgetSignupPassword();
  });

  it('/otp after a sign-up just says where the code went', async () => {
    renderRoutes(routes, [{ pathname: '/otp', state: { email: 'jamie@example.com' } }]);
    const heading = await screen.findByRole('heading', { name: 'Verify OTP', level: 1 });
    expect(heading.parentElement).toHaveTextContent('We sent a 4-digit code to jamie@example.com.');
    expect(heading.parentElement).not.toHaveTextContent('not verified');
  });
});
