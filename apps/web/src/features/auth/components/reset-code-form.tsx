import { useNavigate } from 'react-router';
import { OtpPurpose } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useForgetOtpVerification } from '../api/forget-otp-verification';
import type { ResetState } from '../route-state';
import { CodeForm } from './code-form';

/** /forgetpasswordotp: trades the reset code for a reset token, then on to /updatepassword. */
export function ResetCodeForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const verification = useForgetOtpVerification();

  async function verify(otp: string) {
    try {
      const { message, data } = await verification.mutateAsync({ otp, email });
      toast.success(message);
      const state: ResetState = { email, resetToken: data.resetToken };
      await navigate(paths.updatePassword, { replace: true, state });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <CodeForm
      email={email}
      purpose={OtpPurpose.Reset}
      verify={verify}
      verifying={verification.isPending}
    />
  );
}
