import { TextField, type TextFieldProps } from './text-field';

/**
 * The "Referral Code" field of sign-up and guest checkout: optional, and shown locked when the
 * code came from a referral link.
 */
export function ReferralCodeField({
  locked,
  ...props
}: Omit<TextFieldProps, 'label' | 'hint' | 'disabled'> & { locked: boolean }) {
  return (
    <TextField
      label="Referral Code"
      autoComplete="off"
      hint={locked ? 'Applied from your referral link.' : 'Optional.'}
      {...props}
      disabled={locked}
    />
  );
}
