import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { completeSignupSchema, messages } from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { clearOnUserFocus, useFocusFirstError } from '../../../lib/focus-first-error';
import { useReferralCode } from '../../../lib/referral';
import { useCompleteSignup } from '../api/complete-signup';
import { PasswordField } from './password-field';

const setPasswordFormSchema = z
  .object({
    name: completeSignupSchema.shape.name,
    password: completeSignupSchema.shape.password,
    confirmPassword: z.string(),
    referralCode: completeSignupSchema.shape.referralCode,
  })
  .refine((values) => values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    message: messages.passwordsMismatch,
  });

type SetPasswordInput = z.input<typeof setPasswordFormSchema>;
type SetPasswordValues = z.output<typeof setPasswordFormSchema>;

interface SetPasswordFormProps {
  email: string;
  /** The token the code's answer gave (single use, one hour). */
  token: string;
  /** The e-mail is verified with this password; every earlier session has ended. */
  onDone: () => void | Promise<void>;
}

/**
 * The step after a right sign-up code that came without the account's password (another tab,
 * a reload, a resent code): the code proved the mailbox, so the account takes the name,
 * password and referral code given here, and nothing an earlier sign-up chose.
 */
export function SetPasswordForm({ email, token, onDone }: SetPasswordFormProps) {
  const complete = useCompleteSignup();
  const storedReferral = useReferralCode();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors, submitCount },
  } = useForm<SetPasswordInput, unknown, SetPasswordValues>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: {
      name: '',
      password: '',
      confirmPassword: '',
      referralCode: storedReferral ?? '',
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await complete.mutateAsync({
        email,
        token,
        name: values.name,
        password: values.password,
        referralCode: values.referralCode,
      });
      toast.success(message);
      await onDone();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(message);
      const referralError = error instanceof ApiError ? error.errors.referralCode : undefined;
      if (referralError) setError('referralCode', { message: referralError });
    }
  });

  const field = (name: keyof SetPasswordInput) => ({
    ...register(name),
    error: errors[name]?.message,
    announceError: true,
    required: true,
    onFocus: clearOnUserFocus(() => clearErrors(name)),
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label="Set your password"
    >
      <p className="text-sm text-muted">
        Your code proved that <strong className="text-fg break-all">{email}</strong> is yours.
        Choose your name and password to finish your account.
      </p>
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <TextField
        label="Referral Code"
        autoComplete="off"
        hint="Optional."
        {...field('referralCode')}
        required={false}
      />
      <Button type="submit" size="lg" loading={complete.isPending} className="mt-2">
        Set Password
      </Button>
    </form>
  );
}
