import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render';
import { routes } from '../router';

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
});
