import { messages } from '@tmc/shared';
import { z } from 'zod';
import type { TextFieldProps } from '../../../components/ui/text-field';
import { PasswordField } from './password-field';

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/**
 * A form schema with a Confirm Password field that must repeat `password` (the sign-up, the
 * set-password step and the reset all ask twice).
 */
export const withConfirmedPassword = <
  Shape extends { password: z.ZodType<string> } & z.ZodRawShape,
>(
  shape: Shape,
  mismatch: string = messages.passwordsMismatch,
) =>
  z
    .object({ ...shape, confirmPassword: z.string() })
    // The shape's type is generic here; both fields are strings by the constraint above.
    .refine(
      (values) => (values as PasswordPair).confirmPassword === (values as PasswordPair).password,
      {
        path: ['confirmPassword'],
        message: mismatch,
      },
    );

type FieldProps = Omit<TextFieldProps, 'label' | 'type' | 'endAdornment'>;

/** Password and Confirm Password for a new password, each with the form's `field(name)` props. */
export function NewPasswordFields({
  password,
  confirmPassword,
  label = 'Password',
}: {
  password: FieldProps;
  confirmPassword: FieldProps;
  label?: string;
}) {
  return (
    <>
      <PasswordField label={label} required autoComplete="new-password" {...password} />
      <PasswordField
        label="Confirm Password"
        required
        autoComplete="new-password"
        {...confirmPassword}
      />
    </>
  );
}
