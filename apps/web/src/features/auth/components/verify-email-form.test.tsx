import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages, messages, securityMessages } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, getSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { rememberSignupPassword, signupPasswordFor } from '../signup-password';
import { VerifyEmailForm } from './verify-email-form';

function LoginProbe() {
  return <p>Login page for {JSON.stringify(useLocation().state)}</p>;
}

function renderForm(signInTo?: string) {
  return renderRoutes(
    [
      { path: '/otp', element: <VerifyEmailForm email="jamie@example.com" signInTo={signInTo} /> },
      { path: '/login', element: <LoginProbe /> },
      { path: '/presale-requests', element: <p>Requests page</p> },
    ],
    ['/otp'],
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n}` });
const boxValues = () => [1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value);

afterEach(() => {
  clearSession();
  vi.useRealTimers();
  toast.clear();
  vi.restoreAllMocks();
});

describe('VerifyEmailForm', () => {
  it('asks for every digit and clears the message on focus', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderForm();

    await user.click(box(1));
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(screen.getByRole('alert')).toHaveTextContent(messages.otpDigits);
    expect(box(1)).toHaveAccessibleDescription(messages.otpDigits);
    expect(boxValues()).toEqual(['1', '2', '', '']);
    expect(api.spy).not.toHaveBeenCalled();

    await user.click(box(3));
    expect(screen.queryByText(messages.otpDigits)).not.toBeInTheDocument();
  });

  it('clears the boxes and refocuses the first after a failed attempt', async () => {
    const api = mockApi({
      'POST /v1/auth/otpVerification': { status: 400, message: messages.invalidCode },
    });
    const user = userEvent.setup();
    renderForm();

    await user.click(box(1));
    await user.keyboard('1234{Enter}');

    expect(await screen.findByText(messages.invalidCode)).toBeInTheDocument();
    expect(api.bodies('POST /v1/auth/otpVerification')).toEqual([
      { otp: '1234', email: 'jamie@example.com' },
    ]);
    await waitFor(() => expect(boxValues()).toEqual(['', '', '', '']));
    expect(box(1)).toHaveFocus();
  });

  it("sends the password of this tab's sign-up of the same e-mail with the code, once", async () => {
    const api = mockApi({
      'POST /v1/auth/otpVerification': { message: 'Email verified successfully' },
    });
    rememberSignupPassword('other@example.com', 'not this one');
    rememberSignupPassword('jamie@example.com', 'redo password');
    const user = userEvent.setup();
    renderForm();
    await user.click(box(1));
    await user.paste('4815');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Email verified successfully');
    expect(api.bodies('POST /v1/auth/otpVerification')).toEqual([
      { otp: '4815', email: 'jamie@example.com', password: 'redo password' },
    ]);
    expect(signupPasswordFor('jamie@example.com')).toBeUndefined();
  });

  it('shows the success message and goes to /login with the e-mail', async () => {
    mockApi({
      'POST /v1/auth/otpVerification': { message: 'Email verified successfully' },
    });
    const user = userEvent.setup();
    const { router } = renderForm();

    await user.click(box(1));
    await user.paste('4815');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Email verified successfully')).toBeInTheDocument();
    await screen.findByText(/Login page/);
    expect(router.state.location.state).toEqual({ email: 'jamie@example.com' });
  });

  it('after a login of the unverified account, the code logs in and goes where the login was going (m15)', async () => {
    const api = mockApi({
      'POST /v1/auth/otpVerification': { message: 'Email verified successfully' },
      'POST /v1/auth/login': { data: { user: userFixture, tokens: tokensFixture('a7', 'r7') } },
    });
    localStorage.setItem('referralCode', 'MEME42');
    rememberSignupPassword('jamie@example.com', 'typed at login');
    const user = userEvent.setup();
    const { router } = renderForm('/presale-requests');

    await user.click(box(1));
    await user.paste('4815');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByText('Requests page');
    expect(router.state.location.pathname).toBe('/presale-requests');
    expect(api.bodies('POST /v1/auth/otpVerification')).toEqual([
      { otp: '4815', email: 'jamie@example.com', password: 'typed at login' },
    ]);
    expect(api.bodies('POST /v1/auth/login')).toEqual([
      { email: 'jamie@example.com', password: 'typed at login' },
    ]);
    expect(getSession().accessToken).toBe('a7');
    expect(localStorage.getItem('referralCode')).toBeNull();
    expect(signupPasswordFor('jamie@example.com')).toBeUndefined();
  });

  it('falls back to /login when the login after the code is refused, e.g. for a second factor', async () => {
    mockApi({
      'POST /v1/auth/otpVerification': { message: 'Email verified successfully' },
      'POST /v1/auth/login': {
        status: 401,
        message: securityMessages.totpRequired,
        errors: { totp: securityMessages.totpRequired },
      },
    });
    rememberSignupPassword('jamie@example.com', 'typed at login');
    const user = userEvent.setup();
    const { router } = renderForm('/presale-requests');

    await user.click(box(1));
    await user.paste('4815');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByText(/Login page/);
    expect(router.state.location.state).toEqual({ email: 'jamie@example.com' });
    expect(getSession().user).toBeNull();
  });

  it('without the password (a reload), the code only verifies and /login follows', async () => {
    const api = mockApi({
      'POST /v1/auth/otpVerification': { message: 'Email verified successfully' },
    });
    const user = userEvent.setup();
    renderForm('/presale-requests');

    await user.click(box(1));
    await user.paste('4815');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByText(/Login page/);
    expect(api.bodies('POST /v1/auth/login')).toEqual([]);
  });

  it('a code that came without the password continues to the set-password step, then /login', async () => {
    const api = mockApi({
      'POST /v1/auth/otpVerification': {
        message: authMessages.choosePassword,
        data: { setPasswordToken: 'sp-1' },
      },
      'POST /v1/auth/complete-signup': { message: 'Email verified successfully' },
    });
    const user = userEvent.setup();
    const { router } = renderForm();

    await user.click(box(1));
    await user.paste('4815');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(authMessages.choosePassword)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Set your password' });

    await user.click(within(form).getByRole('button', { name: 'Set Password' }));
    expect(await within(form).findByText(messages.name)).toBeInTheDocument();
    expect(api.bodies('POST /v1/auth/complete-signup')).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'Jamie');
    await user.type(within(form).getByLabelText('Password'), 'brand new pass');
    await user.type(within(form).getByLabelText('Confirm Password'), 'brand new pass');
    await user.click(within(form).getByRole('button', { name: 'Set Password' }));

    await screen.findByText(/Login page/);
    expect(router.state.location.state).toEqual({ email: 'jamie@example.com' });
    expect(api.bodies('POST /v1/auth/complete-signup')).toEqual([
      {
        email: 'jamie@example.com',
        token: 'sp-1',
        name: 'Jamie',
        password: 'brand new pass',
      },
    ]);
  });

  it('counts down from 5:00 and offers Resend only at 0, which restarts the countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = mockApi({
      'POST /v1/auth/resendOTP': { message: 'A new code is on its way' },
    });
    renderForm();

    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('4:59');
    act(() => {
      vi.advanceTimersByTime(238_000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('1:01');
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('A new code is on its way')).toBeInTheDocument();
    expect(api.bodies('POST /v1/auth/resendOTP')).toEqual([
      { email: 'jamie@example.com', type: 'verifyemail' },
    ]);
    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    expect(box(1)).toHaveFocus();
  });

  it('keeps Resend when the server refuses it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    mockApi({
      'POST /v1/auth/resendOTP': { status: 429, message: 'Please wait a minute' },
    });
    renderForm();

    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('Please wait a minute')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });
});
