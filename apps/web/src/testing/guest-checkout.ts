import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { messages } from '@tmc/shared';

/** In the guest checkout dialog: the referral code it came with shows, locked. */
export function expectLockedReferral(dialog: HTMLElement, code: string) {
  const referral = within(dialog).getByLabelText('Referral Code');
  expect(referral).toBeDisabled();
  expect(referral).toHaveValue(code);
}

/** Submitting the new-account tab empty names each required field. */
export async function expectNewAccountRequired(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Create account and submit' }));
  for (const message of [
    messages.guestName,
    messages.guestEmail,
    messages.guestPassword,
    messages.guestTerms,
  ]) {
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  }
}

/**
 * Fills the new-account tab (Jamie Rivers, jamie@example.com, password1) and accepts the terms in
 * their modal; `whileOpen` looks at the modal before it is accepted.
 */
export async function fillNewAccount(
  user: UserEvent,
  dialog: HTMLElement,
  whileOpen?: (terms: HTMLElement) => void,
) {
  await user.type(within(dialog).getByLabelText('Name'), 'Jamie Rivers');
  await user.type(within(dialog).getByLabelText('Email'), 'jamie@example.com');
  await user.type(within(dialog).getByLabelText('Password'), 'password1');
  await user.click(within(dialog).getByRole('button', { name: 'Terms and Conditions' }));
  const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
  whileOpen?.(terms);
  await user.click(within(terms).getByRole('button', { name: 'Accept' }));
  expect(within(dialog).getByRole('checkbox')).toBeChecked();
}

/** Submitting the login tab with the e-mail cleared and no password names both fields. */
export async function expectLoginRequired(user: UserEvent, dialog: HTMLElement) {
  await user.clear(within(dialog).getByLabelText('Email'));
  await user.click(within(dialog).getByRole('button', { name: 'Login and submit' }));
  expect(within(dialog).getByText(messages.guestEmail)).toBeInTheDocument();
  expect(within(dialog).getByText(messages.guestPassword)).toBeInTheDocument();
}
