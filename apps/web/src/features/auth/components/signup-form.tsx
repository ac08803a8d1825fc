import { useState, type ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, signupSchema } from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TermsCheckbox, type TermsChoiceProps } from '../../../components/ui/terms';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { EmailField } from '../../../components/ui/email-field';
import { ReferralCodeField } from '../../../components/ui/referral-code-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { REFERRAL_STORAGE_KEY, useReferralCode } from '../../../lib/referral';
import { useSignup } from '../api/signup';
import type { EmailState } from '../route-state';
import { rememberSignupPassword } from '../signup-password';
import { PasswordField } from './password-field';
import { clearOnUserFocus, useFocusFirstError } from '../../../lib/focus-first-error';

const SIGNUP_FAILED = 'Signup failed: ';
const SIGNUP_CRASHED = 'Signup failed: INTERNAL SERVER ERROR';

/** The server's sign-up fields plus what only the form checks. */
const signupFormSchema = z
  .object({
    name: signupSchema.shape.name,
    email: signupSchema.shape.email,
    password: signupSchema.shape.password,
    confirmPassword: z.string(),
    referralCode: signupSchema.shape.referralCode,
    terms: z.boolean().refine((accepted) => accepted, messages.signupTerms),
  })
  .refine((values) => values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    message: messages.passwordsMismatch,
  });

type SignupFormInput = z.input<typeof signupFormSchema>;
type SignupFormValues = z.output<typeof signupFormSchema>;

/**
 * Spec section 8: 400 shows the server's text; other answers and crashes are prefixed. A call
 * that got no answer says so (the API client's words), rather than blaming the server.
 */
function signupFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return SIGNUP_CRASHED;
  return error.status === 400 ? error.message : `${SIGNUP_FAILED}${error.message}`;
}

export type SignupTermsDialogProps = TermsChoiceProps;

interface SignupFormProps {
  /** The Terms and Conditions modal (the affiliate terms, composed in by the route). */
  TermsDialog: ComponentType<SignupTermsDialogProps>;
}

export function SignupForm({ TermsDialog }: SignupFormProps) {
  const navigate = useNavigate();
  const signup = useSignup();
  const [termsOpen, setTermsOpen] = useState(false);
  // From the URL's referral_code or the stored one: shown, locked and sent (spec section 5),
  // until the server rejects it; a locked, invalid code would make sign-up impossible.
  const referralInForce = useReferralCode();
  const [referralRejected, setReferralRejected] = useState(false);
  const lockedReferral = referralRejected ? null : referralInForce;

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    setValue,
    formState: { errors, submitCount },
  } = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      referralCode: lockedReferral ?? '',
      terms: false,
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signup.mutateAsync({
        name: values.name,
        email: values.email,
        password: values.password,
        referralCode: lockedReferral ?? values.referralCode,
      });
      rememberSignupPassword(values.email, values.password);
      const state: EmailState = { email: values.email };
      await navigate(paths.otp, { state });
    } catch (error) {
      toast.error(signupFailure(error));
      const referralError = error instanceof ApiError ? error.errors.referralCode : undefined;
      if (referralError) {
        localStorage.removeItem(REFERRAL_STORAGE_KEY);
        setReferralRejected(true);
        setError('referralCode', { message: referralError });
      }
    }
  });

  function acceptTerms() {
    setValue('terms', true);
    clearErrors('terms');
    setTermsOpen(false);
  }

  function rejectTerms() {
    setValue('terms', false);
    setTermsOpen(false);
  }

  /** Field props shared by every text input: errors clear when the field takes focus. */
  const field = (name: Exclude<keyof SignupFormInput, 'terms'>) => ({
    ...register(name),
    error: errors[name]?.message,
    announceError: true,
    required: true,
    onFocus: clearOnUserFocus(() => clearErrors(name)),
  });

  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <EmailField {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <ReferralCodeField locked={!!lockedReferral} {...field('referralCode')} required={false} />

        <TermsCheckbox
          error={errors.terms?.message}
          onOpenTerms={() => setTermsOpen(true)}
          {...register('terms', { onChange: () => clearErrors('terms') })}
          onFocus={clearOnUserFocus(() => clearErrors('terms'))}
        />

        <Button type="submit" size="lg" loading={signup.isPending} className="mt-2">
          Sign Up
        </Button>
      </form>
      <TermsDialog open={termsOpen} onAccept={acceptTerms} onReject={rejectTerms} />
    </>
  );
}
