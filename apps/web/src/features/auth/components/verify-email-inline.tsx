import { useId, useState } from 'react';
import { OtpPurpose } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, getSession, updateUser } from '../../../lib/session';
import { useVerifyOtp } from '../api/verify-otp';
import { CodeForm } from './code-form';
import { SetPasswordForm } from './set-password-form';

export interface VerifyEmailInlineProps {
  email: string;
  /** Shows its own "Verify your e-mail" heading (off where a dialog title says it already). */
  headed?: boolean;
  onVerified?: () => void;
}

/**
 * The e-mail code entry where the buyer already is (a checkout's success screen, the header's
 * prompt): a signed-in account is marked verified at once, so every prompt goes away.
 */
export function VerifyEmailInline({ email, headed = true, onVerified }: VerifyEmailInlineProps) {
  const headingId = useId();
  const verifyOtp = useVerifyOtp();
  const [setPasswordToken, setSetPasswordToken] = useState<string | null>(null);

  async function verify(otp: string) {
    try {
      const { message, data } = await verifyOtp.mutateAsync({ otp, email });
      toast.success(message);
      if (data?.setPasswordToken) {
        setSetPasswordToken(data.setPasswordToken);
        return;
      }
      const { user } = getSession();
      if (user?.email === email) updateUser({ ...user, emailVerified: true });
      onVerified?.();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  /** The account has its new password now and every earlier session ended: log in again. */
  function passwordSet() {
    if (getSession().user?.email === email) clearSession();
    onVerified?.();
  }

  return (
    <section
      aria-labelledby={headed ? headingId : undefined}
      aria-label={headed ? undefined : 'Verify your e-mail'}
      className="flex flex-col gap-3 rounded-2xl border-2 border-pink/60 bg-pink/5 p-4"
    >
      {headed ? (
        <h3 id={headingId} className="text-lg">
          Verify your e-mail
        </h3>
      ) : null}
      <p className="text-sm text-muted">
        We sent a 4-digit code to <strong className="text-fg break-all">{email}</strong>. Enter it
        here to verify your e-mail: you need it to log in next time.
      </p>
      {setPasswordToken ? (
        <SetPasswordForm email={email} token={setPasswordToken} onDone={passwordSet} />
      ) : (
        <CodeForm
          email={email}
          purpose={OtpPurpose.SignUp}
          verify={verify}
          verifying={verifyOtp.isPending}
        />
      )}
    </section>
  );
}
