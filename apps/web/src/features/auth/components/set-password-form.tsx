import { completeSignupSchema } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useApiForm } from '../../../lib/use-api-form';
import { useReferralCode } from '../../../lib/referral';
import { useCompleteSignup } from '../api/complete-signup';
import { NewPasswordFields, withConfirmedPassword } from './new-password-fields';

const setPasswordFormSchema = withConfirmedPassword({
  name: completeSignupSchema.shape.name,
  password: completeSignupSchema.shape.password,
  referralCode: completeSignupSchema.shape.referralCode,
});

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
  const { formRef, onSubmit, field } = useApiForm({
    schema: setPasswordFormSchema,
    defaultValues: {
      name: '',
      password: '',
      confirmPassword: '',
      referralCode: storedReferral ?? '',
    },
    submit: async ({ name, password, referralCode }) =>
      (await complete.mutateAsync({ email, token, name, password, referralCode })).message,
    after: onDone,
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Set your password"
    >
      <p className="text-sm text-muted">
        Your code proved that <strong className="text-fg break-all">{email}</strong> is yours.
        Choose your name and password to finish your account.
      </p>
      <TextField label="Name" autoComplete="name" required {...field('name')} />
      <NewPasswordFields password={field('password')} confirmPassword={field('confirmPassword')} />
      <TextField
        label="Referral Code"
        autoComplete="off"
        hint="Optional."
        {...field('referralCode')}
      />
      <Button type="submit" size="lg" loading={complete.isPending} className="mt-2">
        Set Password
      </Button>
    </form>
  );
}
