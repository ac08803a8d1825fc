import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { totpConfirmSchema, type TotpConfirmBody, type TotpSetup as Setup } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useConfirmTotpSetup } from '../api/confirm-totp-setup';
import { useSendEnrolmentLink, useStartTotpSetup } from '../api/start-totp-setup';

/** The base32 key in groups of four, as authenticator apps show it for typing in. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The token of the enrolment link (`/admin/enrol#token=…`), read once and taken out of the
 * address bar: the fragment never reaches a server, and the link works once.
 */
function takeLinkToken(): string | null {
  const token = /(?:^#|&)token=([\w-]+)/.exec(window.location.hash)?.[1] ?? null;
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * Staff must sign in with an authenticator app before the console opens. The setup opens only
 * through a single-use link the server mails to the staff address; then scan (or type) the key,
 * confirm with a code, and keep the one-time recovery codes. `onDone` opens the console.
 */
export function TotpSetup({ onDone, linkToken }: { onDone: () => void; linkToken?: string }) {
  const start = useStartTotpSetup();
  const sendLink = useSendEnrolmentLink();
  const [token] = useState(() => linkToken ?? takeLinkToken());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <section className="container-page py-10">
      <div className="card mx-auto flex max-w-xl flex-col gap-5">
        <h1 className="font-display text-2xl font-black">Set up two-factor authentication</h1>
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={onDone} />
        ) : start.data ? (
          <ConfirmCode setup={start.data} onConfirmed={setRecoveryCodes} />
        ) : token ? (
          <>
            <p className="text-muted">
              Staff accounts sign in with a code from an authenticator app (such as Google
              Authenticator, 1Password or Authy) as well as their password.
            </p>
            <Button
              size="lg"
              loading={start.isPending}
              onClick={() =>
                start.mutate(token, {
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Set up authenticator app
            </Button>
          </>
        ) : (
          <>
            <p className="text-muted">
              Staff accounts sign in with a code from an authenticator app (such as Google
              Authenticator, 1Password or Authy) as well as their password. To set one up, we e-mail
              a single-use link to your staff address: open it while signed in here.
            </p>
            <Button
              size="lg"
              loading={sendLink.isPending}
              onClick={() =>
                sendLink.mutate(undefined, {
                  onSuccess: (message) => toast.success(message),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              E-mail me a setup link
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function ConfirmCode({
  setup,
  onConfirmed,
}: {
  setup: Setup;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmTotpSetup();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<TotpConfirmBody>({
    resolver: zodResolver(totpConfirmSchema),
    defaultValues: { totp: '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      onConfirmed((await confirm.mutateAsync(values)).recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError && error.errors.totp)
        setError('totp', { message: error.errors.totp });
      else toast.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <p className="text-muted">
        Scan this QR code with your authenticator app, or type in the key below.
      </p>
      <div className="flex justify-center">
        <QrCode
          value={setup.uri}
          alt="QR code for your authenticator app"
          size={200}
          className="size-[200px]"
        />
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <code
          aria-label="Setup key"
          className="rounded-xl bg-surface-3 px-3 py-2 font-mono text-sm break-all"
        >
          {grouped(setup.secret)}
        </code>
        <CopyButton value={setup.secret} ariaLabel="Copy setup key" />
      </div>
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        hint="The 6-digit code your app shows for TMC Presale."
        error={errors.totp?.message}
        announceError
        {...register('totp')}
        onFocus={() => clearErrors('totp')}
      />
      <Button type="submit" size="lg" loading={confirm.isPending}>
        Turn on
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <p className="text-muted">
        Two-factor authentication is on. Keep these recovery codes somewhere safe: if you lose your
        phone, each one signs you in once in place of a code from the app. They are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono">
        {codes.map((code) => (
          <li key={code} className="rounded-xl bg-surface-3 px-3 py-2 text-center">
            {code}
          </li>
        ))}
      </ol>
      <CopyButton value={codes.join('\n')} label="Copy recovery codes" className="self-center" />
      <Button size="lg" onClick={onDone}>
        Continue to the console
      </Button>
    </>
  );
}
