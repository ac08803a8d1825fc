import { useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { guestFields, messages } from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TermsCheckbox, type TermsChoiceProps } from '../../../components/ui/terms';
import { Dialog } from '../../../components/ui/dialog';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { EmailField } from '../../../components/ui/email-field';
import { ReferralCodeField } from '../../../components/ui/referral-code-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import type { EmailState } from '../../auth/route-state';
import { rememberSignupPassword } from '../../auth/signup-password';
import { cn } from '../../../lib/cn';
import { clearOnUserFocus, useFocusFirstError } from '../../../lib/focus-first-error';

/** What the guest adds to the purchase; `name` only for a new account. */
export interface GuestDetails {
  email: string;
  password: string;
  name?: string;
  referralCode?: string;
}

export type TermsDialogProps = TermsChoiceProps;

const SIGNUP_PASSWORD_MIN = 8;

const newAccountSchema = z.object({
  name: guestFields.name.unwrap(),
  email: guestFields.email,
  password: guestFields.password.min(SIGNUP_PASSWORD_MIN, messages.signupPassword),
  referralCode: guestFields.referralCode,
  terms: z.boolean().refine((accepted) => accepted, messages.guestTerms),
});

const loginSchema = z.object({ email: guestFields.email, password: guestFields.password });

/** Places the order with the guest's details; rejects (an ApiError) when the server refuses. */
export type GuestSubmit = (details: GuestDetails) => Promise<void>;

/**
 * A refusal the buyer can fix in a field of this tab (e.g. "Email already registered") shows at
 * that field; anything else is a toast.
 */
function showRefusal<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  const fieldErrors = error instanceof ApiError ? error.errors : {};
  const shown = fields.filter((name) => fieldErrors[name]);
  for (const name of shown) setError(name, { message: fieldErrors[name] });
  if (shown.length === 0) toast.error(error instanceof Error ? error.message : String(error));
}

interface PanelProps {
  submitting: boolean;
  onSubmit: GuestSubmit;
  /** The e-mail typed so far in either tab, carried over when the buyer switches. */
  email: string;
  onEmailChange: (email: string) => void;
}

const emailChanged =
  (onEmailChange: (email: string) => void) => (event: { target: { value: string } }) =>
    onEmailChange(event.target.value);

const linkClass = 'rounded font-bold text-cyan underline underline-offset-4 hover:text-lime';

function NewAccountPanel({
  submitting,
  onSubmit,
  email,
  onEmailChange,
  onLogInInstead,
  referralCode,
  TermsDialog,
}: PanelProps & {
  onLogInInstead: () => void;
  referralCode: string | null;
  TermsDialog: ComponentType<TermsDialogProps>;
}) {
  const navigate = useNavigate();
  const [termsOpen, setTermsOpen] = useState(false);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    setValue,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof newAccountSchema>, unknown, z.output<typeof newAccountSchema>>({
    resolver: zodResolver(newAccountSchema),
    defaultValues: {
      name: '',
      email,
      password: '',
      referralCode: referralCode ?? '',
      terms: false,
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  const field = (name: 'name' | 'email' | 'password' | 'referralCode') => ({
    ...register(name, name === 'email' ? { onChange: emailChanged(onEmailChange) } : {}),
    error: errors[name]?.message,
    announceError: true,
    required: name !== 'referralCode',
    onFocus: clearOnUserFocus(() => clearErrors(name)),
  });

  function closeTerms(accepted: boolean) {
    setValue('terms', accepted);
    if (accepted) clearErrors('terms');
    setTermsOpen(false);
  }

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({
        name: values.name,
        email: values.email,
        password: values.password,
        referralCode: referralCode ?? values.referralCode,
      });
    } catch (error) {
      // 403: the address has an unverified account; this sign-up is held until its mailed code
      // comes back with this password (the code screen sends it).
      if (error instanceof ApiError && error.status === 403) {
        rememberSignupPassword(values.email, values.password);
        const state: EmailState = { email: values.email };
        await navigate(paths.otp, { state });
        return;
      }
      // A locked referral code is not the buyer's to fix here: its refusal stays a toast.
      const fields = referralCode
        ? (['name', 'email', 'password'] as const)
        : (['name', 'email', 'password', 'referralCode'] as const);
      showRefusal(error, fields, setError);
    }
  });
  // The e-mail has an account already: logging in is the way on, with the e-mail kept.
  const emailTaken = errors.email?.message === messages.emailTaken;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <div className="flex flex-col gap-1.5">
        <EmailField {...field('email')} />
        {emailTaken ? (
          <button
            type="button"
            onClick={onLogInInstead}
            className={cn(linkClass, 'self-start text-sm')}
          >
            Log in instead
          </button>
        ) : null}
      </div>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <ReferralCodeField locked={!!referralCode} {...field('referralCode')} />
      <TermsCheckbox
        error={errors.terms?.message}
        onOpenTerms={() => setTermsOpen(true)}
        {...register('terms', { onChange: () => clearErrors('terms') })}
      />
      <Button type="submit" size="lg" loading={submitting}>
        Create account and submit
      </Button>
      {emailTaken ? null : (
        <p className="text-center text-sm text-muted">
          Bought from us before?{' '}
          <button type="button" onClick={onLogInInstead} className={linkClass}>
            Log in instead
          </button>
        </p>
      )}
      <TermsDialog
        open={termsOpen}
        onAccept={() => closeTerms(true)}
        onReject={() => closeTerms(false)}
      />
    </form>
  );
}

function LoginPanel({ submitting, onSubmit, email, onEmailChange }: PanelProps) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email, password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  const field = (name: 'email' | 'password') => ({
    ...register(name, name === 'email' ? { onChange: emailChanged(onEmailChange) } : {}),
    error: errors[name]?.message,
    announceError: true,
    required: true,
    onFocus: clearOnUserFocus(() => clearErrors(name)),
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // 403 "verify your e-mail": the server has mailed a fresh code; the code screen says so, as
      // after the login page. Any other 403 (a staff account) is the server's own words.
      if (
        error instanceof ApiError &&
        error.status === 403 &&
        error.message === messages.verifyEmail
      ) {
        rememberSignupPassword(values.email, values.password);
        const state: EmailState = { email: values.email, codeResent: true };
        await navigate(paths.otp, { state });
        return;
      }
      showRefusal(error, ['email', 'password'] as const, setError);
    }
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      <EmailField {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <p className="-mt-2 text-sm">
        <Link
          to={paths.forgetPassword}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
        >
          Forgot password?
          <span className="sr-only"> (opens in a new tab)</span>
        </Link>
      </p>
      <Button type="submit" size="lg" loading={submitting}>
        Login and submit
      </Button>
    </form>
  );
}

export interface GuestCheckoutDialogProps {
  open: boolean;
  onClose: () => void;
  /** From the URL or storage: prefilled and locked. */
  referralCode: string | null;
  /** The Terms and Conditions modal (the affiliate terms, composed in by the route). */
  TermsDialog: ComponentType<TermsDialogProps>;
  submitting: boolean;
  onSubmit: GuestSubmit;
}

/**
 * A visitor's last step before submitting: create an account or log in (spec section 2).
 * Each tab is its own form; only the e-mail is carried over when the buyer switches tabs.
 */
export function GuestCheckoutDialog({
  open,
  onClose,
  referralCode,
  TermsDialog,
  submitting,
  onSubmit,
}: GuestCheckoutDialogProps) {
  const [tab, setTab] = useState<'new' | 'login'>('new');
  const [email, setEmail] = useState('');
  const emailProps = { email, onEmailChange: setEmail };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!submitting}
      title="Almost there"
      description="Create an account or log in to submit your presale request."
    >
      <Tabs
        label="Account"
        value={tab}
        onValueChange={(next) => setTab(next === 'login' ? 'login' : 'new')}
        items={[
          {
            value: 'new',
            label: 'Create new account',
            panel: (
              <NewAccountPanel
                submitting={submitting}
                onSubmit={onSubmit}
                {...emailProps}
                onLogInInstead={() => setTab('login')}
                referralCode={referralCode}
                TermsDialog={TermsDialog}
              />
            ),
          },
          {
            value: 'login',
            label: 'Login to proceed',
            panel: <LoginPanel submitting={submitting} onSubmit={onSubmit} {...emailProps} />,
          },
        ]}
      />
    </Dialog>
  );
}
