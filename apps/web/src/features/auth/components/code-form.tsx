import { useId, useRef, useState, type FormEvent } from 'react';
import { messages, OTP_DIGITS, type OtpPurpose } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useResendOtp } from '../api/resend-otp';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { emptyOtp, OtpInput, type OtpInputHandle } from './otp-input';

/** Spec section 9: a new code can be asked for 300 seconds after the last one. */
export const RESEND_SECONDS = 300;

interface CodeFormProps {
  email: string;
  /** Which code Resend asks for: `verifyemail` (sign-up) or `verifyUser` (reset). */
  purpose: OtpPurpose;
  /** Checks the code; handles its own success and failure (toasts, navigation). */
  verify: (otp: string) => Promise<void>;
  verifying: boolean;
  submitLabel?: string;
}

/**
 * The code step of sign-up (4 digits) and of the password reset (6 digits): the boxes, the countdown
 * and Resend. After every attempt the boxes clear and focus returns to the first one.
 */
export function CodeForm({
  email,
  purpose,
  verify,
  verifying,
  submitLabel = 'Verify',
}: CodeFormProps) {
  const labelId = useId();
  const errorId = useId();
  const otpRef = useRef<OtpInputHandle>(null);
  const length = OTP_DIGITS[purpose];
  const [digits, setDigits] = useState(() => emptyOtp(length));
  const [error, setError] = useState<string | null>(null);
  const { remaining, restart } = useCountdown(RESEND_SECONDS);
  const resend = useResendOtp();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verifying) return;
    if (digits.some((digit) => !digit)) {
      setError(messages.otpDigits);
      return;
    }
    try {
      await verify(digits.join(''));
    } finally {
      setDigits(emptyOtp(length));
      otpRef.current?.focus();
    }
  }

  async function onResend() {
    try {
      const { message } = await resend.mutateAsync({ email, type: purpose });
      toast.success(message);
      restart();
      // The Resend button is gone now; keep the keyboard where the code goes.
      otpRef.current?.focus();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <p id={labelId} className="text-sm font-bold">
          Enter the {length}-digit code
        </p>
        <OtpInput
          ref={otpRef}
          value={digits}
          onChange={setDigits}
          onFocus={() => setError(null)}
          labelledBy={labelId}
          errorId={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>

      <Button type="submit" size="lg" loading={verifying}>
        {submitLabel}
      </Button>

      <div className="flex min-h-11 flex-wrap items-center justify-center gap-x-2 text-sm text-muted">
        {remaining > 0 ? (
          <p>
            Didn&rsquo;t get it? You can resend the code in{' '}
            <span role="timer" className="font-bold text-fg tabular-nums">
              {formatCountdown(remaining)}
            </span>
          </p>
        ) : (
          <>
            <span>Didn&rsquo;t get it?</span>
            <Button
              variant="secondary"
              size="sm"
              loading={resend.isPending}
              onClick={() => void onResend()}
            >
              Resend
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
