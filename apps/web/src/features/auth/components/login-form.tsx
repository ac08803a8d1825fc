import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginSchema } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { EmailField } from '../../../components/ui/email-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { postLoginTarget } from '../../../lib/auth-redirect';
import { startSession, useLogin } from '../api/login';
import type { EmailState } from '../route-state';
import { rememberSignupPassword } from '../signup-password';
import { PasswordField } from './password-field';
import { TextLink } from './text-link';
import { errorMessage, useApiForm } from '../../../lib/use-api-form';

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
  return `${LOGIN_FAILED}${errorMessage(error)}`;
}

export function LoginForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  // Shown once the server asks for it (staff accounts with an authenticator app).
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const { formRef, onSubmit, field } = useApiForm({
    schema: loginSchema,
    defaultValues: { email: defaultEmail, password: '' },
    submit: async (values) => {
      const { data } = await login.mutateAsync({ ...values, ...secondFactorOf(code) });
      startSession(data);
      await navigate(postLoginTarget(location), { replace: true });
    },
    onFailure: async (error, values) => {
      const wanted = secondFactorError(error);
      if (wanted) {
        setCodeAsked(true);
        // The first time it is a question, not a mistake.
        setCodeError(code.trim() ? wanted : undefined);
        return true;
      }
      // 403: the e-mail is not verified yet and the server has sent a fresh code. Not a failure
      // to report: the code screen says what happened.
      if (error instanceof ApiError && error.status === 403) {
        // The code goes with this password, so it verifies the account without the set-password
        // step, and the code screen logs in with it.
        rememberSignupPassword(values.email, values.password);
        const state: EmailState = {
          email: values.email,
          codeResent: true,
          returnTo: postLoginTarget(location),
        };
        await navigate(paths.otp, { state });
        return true;
      }
      return false;
    },
    failureMessage: loginFailure,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <EmailField required {...field('email')} />
      <PasswordField
        label="Password"
        required
        autoComplete="current-password"
        {...field('password')}
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
