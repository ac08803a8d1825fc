import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OtpPurpose } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { login, startSession } from '../api/login';
import { useVerifyOtp } from '../api/verify-otp';
import type { EmailState } from '../route-state';
import { forgetSignupPassword, signupPasswordFor } from '../signup-password';
import { CodeForm } from './code-form';
import { SetPasswordForm } from './set-password-form';

/**
 * /otp: confirms the sign-up e-mail, then on to /login with the e-mail filled in. Right after a
 * sign-up the code goes with that sign-up's password, which the sign-up needs to count; without
 * it (a reload, another tab) the code leads to the set-password step.
 *
 * `signInTo`: the person came from a login of the unverified account. With the password that
 * login typed, the verified account is logged in straight away and goes where the login was
 * going, instead of typing the password again. Anything the login refuses (a staff account's
 * second factor, a changed password) falls back to /login.
 */
export function VerifyEmailForm({ email, signInTo }: { email: string; signInTo?: string }) {
  const navigate = useNavigate();
  const verifyOtp = useVerifyOtp();
  const [setPasswordToken, setSetPasswordToken] = useState<string | null>(null);

  const toLogin = async () => {
    const state: EmailState = { email };
    await navigate(paths.login, { replace: true, state });
  };

  /** True when logged in and on the way; false sends the person to /login as usual. */
  async function logIn(password: string | undefined): Promise<boolean> {
    if (signInTo === undefined || password === undefined) return false;
    try {
      const { data } = await login({ email, password, totp: undefined, recoveryCode: undefined });
      startSession(data);
      await navigate(signInTo, { replace: true });
      return true;
    } catch {
      return false;
    }
  }

  async function verify(otp: string) {
    try {
      const password = signupPasswordFor(email);
      const { message, data } = await verifyOtp.mutateAsync(
        password === undefined ? { otp, email } : { otp, email, password },
      );
      forgetSignupPassword();
      toast.success(message);
      if (data?.setPasswordToken) setSetPasswordToken(data.setPasswordToken);
      else if (!(await logIn(password))) await toLogin();
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
