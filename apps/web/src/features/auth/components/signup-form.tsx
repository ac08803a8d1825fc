import { useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { messages, signupSchema } from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TermsCheckbox, type TermsChoiceProps } from '../../../components/ui/terms';
import { TextField } from '../../../components/ui/text-field';
import { EmailField } from '../../../components/ui/email-field';
import { ReferralCodeField } from '../../../components/ui/referral-code-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { REFERRAL_STORAGE_KEY, useReferralCode } from '../../../lib/referral';
import { useSignup } from '../api/signup';
import type { EmailState } from '../route-state';
import { rememberSignupPassword } from '../signup-password';
import { clearOnUserFocus } from '../../../lib/focus-first-error';
import { useApiForm } from '../../../lib/use-api-form';
import { NewPasswordFields, withConfirmedPassword } from './new-password-fields';

const SIGNUP_FAILED = 'Signup failed: ';
const SIGNUP_CRASHED = 'Signup failed: INTERNAL SERVER ERROR';

/** The server's sign-up fields plus what only the form checks. */
const signupFormSchema = withConfirmedPassword({
  name: signupSchema.shape.name,
  email: signupSchema.shape.email,
  password: signupSchema.shape.password,
  referralCode: signupSchema.shape.referralCode,
  terms: z.boolean().refine((accepted) => accepted, messages.signupTerms),
});

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

  const { form, formRef, onSubmit, field } = useApiForm({
    schema: signupFormSchema,
    defaultValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      referralCode: lockedReferral ?? '',
      terms: false,
    },
    submit: async ({ name, email, password, referralCode }) => {
      await signup.mutateAsync({
        name,
        email,
        password,
        referralCode: lockedReferral ?? referralCode,
      });
      rememberSignupPassword(email, password);
    },
    after: async ({ email }) => {
      const state: EmailState = { email };
      await navigate(paths.otp, { state });
    },
    onFailure: (error) => {
      if (error instanceof ApiError && error.errors.referralCode) {
        localStorage.removeItem(REFERRAL_STORAGE_KEY);
        setReferralRejected(true);
      }
      return false;
    },
    failureMessage: signupFailure,
  });
  const { register, clearErrors, setValue } = form;
  const { errors } = form.formState;

  function acceptTerms() {
    setValue('terms', true);
    clearErrors('terms');
    setTermsOpen(false);
  }

  function rejectTerms() {
    setValue('terms', false);
    setTermsOpen(false);
  }

  return (
    <>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField label="Name" autoComplete="name" required {...field('name')} />
        <EmailField required {...field('email')} />
        <NewPasswordFields
          password={field('password')}
          confirmPassword={field('confirmPassword')}
        />
        <ReferralCodeField locked={!!lockedReferral} {...field('referralCode')} />

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
