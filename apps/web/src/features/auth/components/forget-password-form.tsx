import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgetPasswordOtpSchema, type ForgetPasswordOtpBody } from '@tmc/shared';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useForgetPasswordOtp } from '../api/forget-password-otp';
import type { EmailState } from '../route-state';
import { clearOnUserFocus, useFocusFirstError } from '../../../lib/focus-first-error';

/** /forgetpassword: asks for the e-mail, sends a reset code, then on to /forgetpasswordotp. */
export function ForgetPasswordForm() {
  const navigate = useNavigate();
  const sendCode = useForgetPasswordOtp();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof forgetPasswordOtpSchema>, unknown, ForgetPasswordOtpBody>({
    resolver: zodResolver(forgetPasswordOtpSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await sendCode.mutateAsync(values);
      toast.success(message);
      const state: EmailState = { email: values.email };
      await navigate(paths.forgetPasswordOtp, { state });
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
      <TextField
        label="Email"
        required
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        announceError
        {...register('email')}
        onFocus={clearOnUserFocus(() => clearErrors('email'))}
      />
      <Button type="submit" size="lg" loading={sendCode.isPending}>
        Send code
      </Button>
    </form>
  );
}
