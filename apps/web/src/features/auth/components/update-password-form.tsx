import { useNavigate } from 'react-router';
import { forgetPasswordSchema, messages } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useApiForm } from '../../../lib/use-api-form';
import { useForgetPassword } from '../api/forget-password';
import type { EmailState, ResetState } from '../route-state';
import { NewPasswordFields, withConfirmedPassword } from './new-password-fields';

const newPasswordSchema = withConfirmedPassword(
  { password: forgetPasswordSchema.shape.password },
  messages.resetPasswordsMismatch,
);

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
      <NewPasswordFields
        label="New Password"
        password={field('password')}
        confirmPassword={field('confirmPassword')}
      />
      <Button type="submit" size="lg" loading={resetPassword.isPending}>
        Update Password
      </Button>
    </form>
  );
}
