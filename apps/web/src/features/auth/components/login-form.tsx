import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginBody } from '@tmc/shared';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { postLoginTarget } from '../../../lib/auth-redirect';
import { REFERRAL_STORAGE_KEY } from '../../../lib/referral';
import { setSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import type { EmailState } from '../route-state';
import { rememberSignupPassword } from '../signup-password';
import { PasswordField } from './password-field';
import { TextLink } from './text-link';
import { clearOnUserFocus, useFocusFirstError } from '../../../lib/focus-first-error';

const LOGIN_FAILED = 'Login failed: ';

/** The server's 401 for a staff account: it wants the authenticator code (or a recovery code). */
function secondFactorError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 401) return undefined;
  return error.errors.totp ?? error.errors.recoveryCode;
}

/** Six digits are the authenticator's code; anything else is taken for a recovery code. */
const secondFactorOf = (code: string) => {
  const value = code.trim();
  if (!value) return {};
  return /^\d{6}$/.test(value) ? { totp: value } : { recoveryCode: value };
};

/** Spec section 8: 400 shows the server's text, everything else is prefixed. */
function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return error.message;
  return `${LOGIN_FAILED}${error instanceof Error ? error.message : String(error)}`;
}

export function LoginForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  // Shown once the server asks for it (staff accounts with an authenticator app).
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof loginSchema>, unknown, LoginBody>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '' },
    // Errors show on submit and clear when their field takes focus (spec section 2).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await login.mutateAsync({ ...values, ...secondFactorOf(code) });
      setSession(data);
      localStorage.removeItem(REFERRAL_STORAGE_KEY);
      await navigate(postLoginTarget(location), { replace: true });
    } catch (error) {
      const wanted = secondFactorError(error);
      if (wanted) {
        setCodeAsked(true);
        // The first time it is a question, not a mistake.
        setCodeError(code.trim() ? wanted : undefined);
        return;
      }
      // 403: the e-mail is not verified yet and the server has sent a fresh code. Not a failure
      // to report: the code screen says what happened.
      if (error instanceof ApiError && error.status === 403) {
        // The code goes with this password, so it verifies the account without the set-password step.
        rememberSignupPassword(values.email, values.password);
        const state: EmailState = { email: values.email, codeResent: true };
        await navigate(paths.otp, { state });
        return;
      }
      toast.error(loginFailure(error));
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
      <PasswordField
        label="Password"
        required
        autoComplete="current-password"
        error={errors.password?.message}
        announceError
        {...register('password')}
        onFocus={clearOnUserFocus(() => clearErrors('password'))}
      />
      {codeAsked ? (
        <TextField
          label="Authentication code"
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          error={codeError}
          announceError
          autoFocus
          onFocus={() => setCodeError(undefined)}
        />
      ) : null}
      <TextLink to={paths.forgetPassword} className="self-end text-sm">
        Forgot password?
      </TextLink>
      <Button type="submit" size="lg" loading={login.isPending}>
        Login
      </Button>
    </form>
  );
}
