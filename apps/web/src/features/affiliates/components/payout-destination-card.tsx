import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  destinationText,
  PAYOUT_DESTINATION_ANCHOR,
  payoutDestinationSchema,
  type PayoutDestinationInput,
} from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { CurrentPasswordField } from '../../../components/ui/current-password-field';
import { TextField } from '../../../components/ui/text-field';
import { useApiForm } from '../../../lib/use-api-form';
import { usePayoutDestination, useSavePayoutDestination } from '../api/payout-destination';

/** Both kinds' fields in one form; the shared schema checks the chosen kind's. */
const formSchema = z
  .object({
    kind: z.enum(['bank', 'wallet']),
    accountName: z.string(),
    bsb: z.string(),
    accountNumber: z.string(),
    walletAddress: z.string(),
    password: z.string(),
  })
  .transform(({ kind, walletAddress, password, ...bank }): PayoutDestinationInput =>
    kind === 'bank' ? { kind, ...bank, password } : { kind, walletAddress, password },
  )
  .pipe(payoutDestinationSchema);

const empty = {
  kind: 'bank' as const,
  accountName: '',
  bsb: '',
  accountNumber: '',
  walletAddress: '',
  password: '',
};

/**
 * Where the affiliate's commissions are paid: a bank account in AUD or a wallet. Asked for
 * before the first payout (a line without one is held), changed only with the password.
 */
export function PayoutDestinationCard() {
  const id = useId();
  const query = usePayoutDestination();
  const save = useSavePayoutDestination();
  const [editing, setEditing] = useState(false);
  const { form, formRef, onSubmit, field } = useApiForm({
    schema: formSchema,
    defaultValues: empty,
    submit: async (values) => (await save.mutateAsync(values)).message,
    after: (_values, { reset }) => {
      reset(empty);
      setEditing(false);
    },
    // The server names a wrong password only in its message.
    onFailure: (error) => {
      const message = error instanceof Error ? error.message : String(error);
      if (/password/i.test(message)) form.setError('password', { message });
      return false;
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });

  const current = query.data?.destination ?? null;
  const showForm = editing || (query.isSuccess && current === null);

  return (
    <section
      id={PAYOUT_DESTINATION_ANCHOR}
      aria-labelledby={`${id}-title`}
      className="card flex scroll-mt-24 flex-col gap-4 p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl">
        Payout destination
      </h2>
      {query.isPending ? (
        <PageSpinner label="Loading your payout destination…" />
      ) : query.isError ? (
        <p role="alert" className="text-danger">
          {query.error.message}
        </p>
      ) : current ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="break-words" data-testid="payout-destination">
            {destinationText(current)}
          </p>
          {editing ? null : (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Change
            </Button>
          )}
        </div>
      ) : (
        <p className="rounded-2xl border-2 border-pink/60 bg-pink/5 p-3 text-sm">
          Tell us where to pay your commissions before your first payout: until you do, your payout
          is held.
        </p>
      )}

      {showForm ? (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-bold">Paid to</legend>
            <div className="flex flex-wrap gap-4">
              {(
                [
                  ['bank', 'Bank account (AUD)'],
                  ['wallet', 'Wallet'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    value={value}
                    {...form.register('kind')}
                    className="size-4 accent-lime"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {kind === 'bank' ? (
            <>
              <TextField
                label="Account name"
                required
                autoComplete="name"
                {...field('accountName')}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="BSB"
                  required
                  inputMode="numeric"
                  placeholder="062-000"
                  {...field('bsb')}
                />
                <TextField
                  label="Account number"
                  required
                  inputMode="numeric"
                  {...field('accountNumber')}
                />
              </div>
            </>
          ) : (
            <TextField
              label="Wallet address"
              required
              placeholder="0x…"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              {...field('walletAddress')}
            />
          )}
          <CurrentPasswordField
            hint="Your account password, to confirm it is you."
            {...field('password')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={save.isPending}>
              Save payout destination
            </Button>
            {editing ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setEditing(false);
                  form.reset(empty);
                }}
                disabled={save.isPending}
              >
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
