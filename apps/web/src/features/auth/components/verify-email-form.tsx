import { useNavigate } from 'react-router';
import { OtpPurpose } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useVerifyOtp } from '../api/verify-otp';
import type { EmailState } from '../route-state';
import { forgetSignupPassword, signupPasswordFor } from '../signup-password';
import { CodeForm } from './code-form';

/**
 * /otp: confirms the sign-up e-mail, then on to /login with the e-mail filled in. Right after a
 * sign-up the code goes with that sign-up's password, which a redone sign-up needs to count.
 */
export function VerifyEmailForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const verifyOtp = useVerifyOtp();

  async function verify(otp: string) {
    try {
      const password = signupPasswordFor(email);
      const { message } = await verifyOtp.mutateAsync(
        password === undefined ? { otp, email } : { otp, email, password },
      );
      forgetSignupPassword();
      toast.success(message);
      const state: EmailState = { email };
      await navigate(paths.login, { replace: true, state });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <CodeForm
      email={email}
      purpose={OtpPurpose.SignUp}
      verify={verify}
      verifying={verifyOtp.isPending}
    />
  );
}
