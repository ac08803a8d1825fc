import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgetPasswordSchema, messages } from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useForgetPassword } from '../api/forget-password';
import type { EmailState, ResetState } from '../route-state';
import { PasswordField } from './password-field';
import { clearOnUserFocus, useFocusFirstError } from '../../../lib/focus-first-error';

const newPasswordSchema = z
  .object({
    password: forgetPasswordSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    message: messages.resetPasswordsMismatch,
  });

type NewPasswordValues = z.infer<typeof newPasswordSchema>;

/** /updatepassword: sets the new password with the reset token, then on to /login. */
export function UpdatePasswordForm({ email, resetToken }: ResetState) {
  const navigate = useNavigate();
  const resetPassword = useForgetPassword();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, submitCount },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const { message } = await resetPassword.mutateAsync({ email, password, resetToken });
      toast.success(message);
      const state: EmailState = { email };
      await navigate(paths.login, { replace: true, state });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      <PasswordField
        label="New Password"
        required
        autoComplete="new-password"
        error={errors.password?.message}
        announceError
        {...register('password')}
        onFocus={clearOnUserFocus(() => clearErrors('password'))}
      />
      <PasswordField
        label="Confirm Password"
        required
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        announceError
        {...register('confirmPassword')}
        onFocus={clearOnUserFocus(() => clearErrors('confirmPassword'))}
      />
      <Button type="submit" size="lg" loading={resetPassword.isPending}>
        Update Password
      </Button>
    </form>
  );
}
