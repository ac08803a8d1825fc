import { useNavigate } from 'react-router';
import { forgetPasswordOtpSchema } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/ui/email-field';
import { paths } from '../../../config/paths';
import { useApiForm } from '../../../lib/use-api-form';
import { useForgetPasswordOtp } from '../api/forget-password-otp';
import type { EmailState } from '../route-state';

/** /forgetpassword: asks for the e-mail, sends a reset code, then on to /forgetpasswordotp. */
export function ForgetPasswordForm() {
  const navigate = useNavigate();
  const sendCode = useForgetPasswordOtp();
  const { formRef, onSubmit, field } = useApiForm({
    schema: forgetPasswordOtpSchema,
    defaultValues: { email: '' },
    submit: async (values) => {
      const { message } = await sendCode.mutateAsync(values);
      return message;
    },
    after: async (values) => {
      const state: EmailState = { email: values.email };
      await navigate(paths.forgetPasswordOtp, { state });
    },
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <EmailField required {...field('email')} />
      <Button type="submit" size="lg" loading={sendCode.isPending}>
        Send code
      </Button>
    </form>
  );
}
