import { useNavigate } from 'react-router';
import { forgetPasswordSchema, messages } from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useApiForm } from '../../../lib/use-api-form';
import { useForgetPassword } from '../api/forget-password';
import type { EmailState, ResetState } from '../route-state';
import { PasswordField } from './password-field';

const newPasswordSchema = z
  .object({
    password: forgetPasswordSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    message: messages.resetPasswordsMismatch,
  });

/** /updatepassword: sets the new password with the reset token, then on to /login. */
export function UpdatePasswordForm({ email, resetToken }: ResetState) {
  const navigate = useNavigate();
  const resetPassword = useForgetPassword();
  const { formRef, onSubmit, field } = useApiForm({
    schema: newPasswordSchema,
    defaultValues: { password: '', confirmPassword: '' },
    submit: async ({ password }) =>
      (await resetPassword.mutateAsync({ email, password, resetToken })).message,
    after: async () => {
      const state: EmailState = { email };
      await navigate(paths.login, { replace: true, state });
    },
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <PasswordField
        label="New Password"
        required
        autoComplete="new-password"
        {...field('password')}
      />
      <PasswordField
        label="Confirm Password"
        required
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <Button type="submit" size="lg" loading={resetPassword.isPending}>
        Update Password
      </Button>
    </form>
  );
}
