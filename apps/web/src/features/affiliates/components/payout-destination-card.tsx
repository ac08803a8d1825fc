import { useId, useState, type FormEvent } from 'react';
import { destinationText, payoutDestinationSchema, type PayoutDestinationInput } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { usePayoutDestination, useSavePayoutDestination } from '../api/payout-destination';

type Kind = 'bank' | 'wallet';
type Fields = {
  accountName: string;
  bsb: string;
  accountNumber: string;
  walletAddress: string;
  password: string;
};
const empty: Fields = {
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
  const [kind, setKind] = useState<Kind>('bank');
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | 'kind', string>>>({});

  const current = query.data?.destination ?? null;
  const showForm = editing || (query.isSuccess && current === null);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: PayoutDestinationInput =
      kind === 'bank'
        ? {
            kind,
            accountName: fields.accountName,
            bsb: fields.bsb,
            accountNumber: fields.accountNumber,
            password: fields.password,
          }
        : { kind, walletAddress: fields.walletAddress, password: fields.password };
    const parsed = payoutDestinationSchema.safeParse(body);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'kind') as keyof typeof errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      const answer = await save.mutateAsync(body);
      toast.success(answer.message);
      setFields(empty);
      setEditing(false);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/password/i.test(message)) setErrors({ password: message });
      toast.error(message);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-4 p-5 sm:p-6">
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
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
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
                    name={`${id}-kind`}
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
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
                value={fields.accountName}
                onChange={set('accountName')}
                error={errors.accountName}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="BSB"
                  required
                  inputMode="numeric"
                  placeholder="062-000"
                  value={fields.bsb}
                  onChange={set('bsb')}
                  error={errors.bsb}
                />
                <TextField
                  label="Account number"
                  required
                  inputMode="numeric"
                  value={fields.accountNumber}
                  onChange={set('accountNumber')}
                  error={errors.accountNumber}
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
              value={fields.walletAddress}
              onChange={set('walletAddress')}
              error={errors.walletAddress}
            />
          )}
          <TextField
            label="Password"
            type="password"
            required
            autoComplete="current-password"
            hint="Your account password, to confirm it is you."
            value={fields.password}
            onChange={set('password')}
            error={errors.password}
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
                  setErrors({});
                  setFields(empty);
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
