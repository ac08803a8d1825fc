import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OtpPurpose } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useVerifyOtp } from '../api/verify-otp';
import type { EmailState } from '../route-state';
import { forgetSignupPassword, signupPasswordFor } from '../signup-password';
import { CodeForm } from './code-form';
import { SetPasswordForm } from './set-password-form';

/**
 * /otp: confirms the sign-up e-mail, then on to /login with the e-mail filled in. Right after a
 * sign-up the code goes with that sign-up's password, which the sign-up needs to count; without
 * it (a reload, another tab) the code leads to the set-password step.
 */
export function VerifyEmailForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const verifyOtp = useVerifyOtp();
  const [setPasswordToken, setSetPasswordToken] = useState<string | null>(null);

  const toLogin = async () => {
    const state: EmailState = { email };
    await navigate(paths.login, { replace: true, state });
  };

  async function verify(otp: string) {
    try {
      const password = signupPasswordFor(email);
      const { message, data } = await verifyOtp.mutateAsync(
        password === undefined ? { otp, email } : { otp, email, password },
      );
      forgetSignupPassword();
      toast.success(message);
      if (data?.setPasswordToken) setSetPasswordToken(data.setPasswordToken);
      else await toLogin();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  if (setPasswordToken)
    return <SetPasswordForm email={email} token={setPasswordToken} onDone={toLogin} />;

  return (
    <CodeForm
      email={email}
      purpose={OtpPurpose.SignUp}
      verify={verify}
      verifying={verifyOtp.isPending}
    />
  );
}
