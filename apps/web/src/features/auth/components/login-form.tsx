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
import { PasswordField } from './password-field';
import { TextLink } from './text-link';

const LOGIN_FAILED = 'Login failed: ';

/** Spec section 8: 400 shows the server's text, everything else is prefixed. */
function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return error.message;
  return `${LOGIN_FAILED}${error instanceof Error ? error.message : String(error)}`;
}

export function LoginForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof loginSchema>, unknown, LoginBody>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '' },
    // Errors show on submit and clear when their field takes focus (spec section 2).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await login.mutateAsync(values);
      setSession(data);
      localStorage.removeItem(REFERRAL_STORAGE_KEY);
      await navigate(postLoginTarget(location), { replace: true });
    } catch (error) {
      toast.error(loginFailure(error));
      // 403: the e-mail is not verified yet; the server has sent a fresh code.
      if (error instanceof ApiError && error.status === 403) {
        const state: EmailState = { email: values.email };
        await navigate(paths.otp, { state });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        announceError
        {...register('email')}
        onFocus={() => clearErrors('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        announceError
        {...register('password')}
        onFocus={() => clearErrors('password')}
      />
      <TextLink to={paths.forgetPassword} className="self-end text-sm">
        Forgot password?
      </TextLink>
      <Button type="submit" size="lg" loading={login.isPending}>
        Login
      </Button>
    </form>
  );
}
