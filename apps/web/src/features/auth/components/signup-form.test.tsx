import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { failureMessages } from '../../../lib/api-client';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { SignupForm, type SignupTermsDialogProps } from './signup-form';

/** Stands in for the affiliate terms modal: the form only needs Accept and Reject. */
function TermsStub({ open, onAccept, onReject }: SignupTermsDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Terms and Conditions">
      <button type="button" onClick={onAccept}>
        Accept
      </button>
      <button type="button" onClick={onReject}>
        Reject
      </button>
    </div>
  );
}

function OtpProbe() {
  return <p>OTP page for {JSON.stringify(useLocation().state)}</p>;
}

function renderSignup(url = '/signup') {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupForm TermsDialog={TermsStub} /> },
      { path: '/otp', element: <OtpProbe /> },
    ],
    [url],
  );
}

const field = (label: string) => screen.getByLabelText(label);
const termsBox = () => screen.getByRole('checkbox', { name: /accept the Terms and Conditions/ });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Jamie Rivers');
  await user.type(field('Email'), 'jamie@example.com');
  await user.type(field('Password'), 'password1');
  await user.type(field('Confirm Password'), 'password1');
  await user.click(termsBox());
}

afterEach(() => {
  toast.clear();
  vi.restoreAllMocks();
});

describe('SignupForm', () => {
  it('shows every spec message under its field, focuses the first and clears each on focus', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.type(field('Email'), 'jamie@example');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm Password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.name)).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription(messages.name);
    expect(field('Email')).toHaveAccessibleDescription(messages.email);
    expect(field('Password')).toHaveAccessibleDescription(messages.signupPassword);
    expect(field('Confirm Password')).toHaveAccessibleDescription(messages.passwordsMismatch);
    expect(termsBox()).toHaveAccessibleDescription(messages.signupTerms);
    expect(api.spy).not.toHaveBeenCalled();

    // The first invalid field takes focus and keeps its message until typed in.
    expect(field('Name')).toHaveFocus();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Name'), 'J');
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    for (const label of ['Email', 'Password', 'Confirm Password']) {
      await user.click(field(label));
      expect(field(label)).not.toHaveAttribute('aria-invalid');
    }
    expect(screen.queryByText(messages.name)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.passwordsMismatch)).not.toBeInTheDocument();
    expect(screen.getByText(messages.signupTerms)).toBeInTheDocument();
  });

  it('requires the terms; Accept ticks them and clears the error, Reject unticks', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(messages.signupTerms)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(termsBox()).toBeChecked();
    expect(screen.queryByText(messages.signupTerms)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(termsBox()).not.toBeChecked();
  });

  it('signs up and moves to /otp with the e-mail', async () => {
    const api = mockApi({
      'POST /v1/auth/signup': { status: 201, data: { email: 'jamie@example.com' } },
    });
    const user = userEvent.setup();
    const { router } = renderSignup();

    expect(field('Referral Code')).toBeEnabled();
    // Optional, as its hint says: not marked required.
    expect(field('Referral Code')).not.toBeRequired();
    expect(field('Email')).toBeRequired();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await screen.findByText(/OTP page/);
    expect(router.state.location.state).toEqual({ email: 'jamie@example.com' });
    expect(api.bodies('POST /v1/auth/signup')).toEqual([
      { name: 'Jamie Rivers', email: 'jamie@example.com', password: 'password1' },
    ]);
  });

  it('prefills and locks the referral code from the URL, and sends it', async () => {
    const api = mockApi({
      'POST /v1/auth/signup': { status: 201, data: { email: 'jamie@example.com' } },
    });
    const user = userEvent.setup();
    renderSignup('/signup?referral_code=MEME42');

    expect(field('Referral Code')).toHaveValue('MEME42');
    expect(field('Referral Code')).toBeDisabled();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await screen.findByText(/OTP page/);
    expect(api.bodies('POST /v1/auth/signup')[0]).toMatchObject({ referralCode: 'MEME42' });
  });

  it('uses a stored referral code the same way', () => {
    localStorage.setItem('referralCode', 'SAVED7');
    renderSignup();
    expect(field('Referral Code')).toHaveValue('SAVED7');
    expect(field('Referral Code')).toBeDisabled();
  });

  it('unlocks a referral code the server rejects', async () => {
    localStorage.setItem('referralCode', 'GONE99');
    mockApi({
      'POST /v1/auth/signup': {
        status: 400,
        message: messages.invalidReferral,
        errors: { referralCode: messages.invalidReferral },
      },
    });
    const user = userEvent.setup();
    renderSignup();

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(field('Referral Code')).toBeEnabled());
    expect(field('Referral Code')).toHaveAccessibleDescription(messages.invalidReferral);
    expect(localStorage.getItem('referralCode')).toBeNull();
  });

  it.each([
    [400, messages.emailTaken, messages.emailTaken],
    [500, 'Something broke', 'Signup failed: Something broke'],
  ])('answers %i with the right toast', async (status, message, shown) => {
    mockApi({ 'POST /v1/auth/signup': { status, message } });
    const user = userEvent.setup();
    renderSignup();

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(shown)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled());
  });

  it('puts a call that never got an answer down to the connection, not the server', async () => {
    mockApi({
      'POST /v1/auth/signup': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderSignup();

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await screen.findByText(`Signup failed: ${failureMessages.network}`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/INTERNAL SERVER ERROR/)).not.toBeInTheDocument();
  });
});
