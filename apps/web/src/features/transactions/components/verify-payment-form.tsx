import { useState, type FormEvent } from 'react';
import {
  isHandedToStaff,
  messages,
  verifyCryptoPaySchema,
  verifyPaymentMessages,
} from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { InboxIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { useVerifyCryptoPayment } from '../api/verify-crypto-payment';

export interface VerifyPaymentFormProps {
  /** The Pending crypto transaction to verify; without it there is nothing to send. */
  transactionId: string | null | undefined;
  /** Called with the server's message once the payment is verified. */
  onVerified: (message: string) => void;
}

const VERIFIED = 'Payment verified';

/**
 * The transaction hash and 'Verify After Pay'. The server reads the chain itself; its refusal
 * (not mined yet, wrong hash, …) is shown in a toast and under the field. A payment the server
 * hands to staff (short, excess, late) is not the buyer's error: its message shows as a notice
 * of what happens next.
 */
export function VerifyPaymentForm({ transactionId, onVerified }: VerifyPaymentFormProps) {
  const verify = useVerifyCryptoPayment();
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    if (!transactionId) {
      fail(messages.transactionSessionMissing);
      return;
    }
    const parsed = verifyCryptoPaySchema.safeParse({ txnHash: hash });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? verifyPaymentMessages.hashFormat);
      return;
    }
    try {
      const { data, message } = await verify.mutateAsync({
        transactionId,
        txnHash: parsed.data.txnHash,
      });
      onVerified(message || data?.msg || VERIFIED);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      if (isHandedToStaff(message)) setNotice(message);
      else fail(message);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <TextField
        label="Transaction Hash"
        required
        name="txnHash"
        placeholder="0x…"
        autoComplete="off"
        spellCheck={false}
        value={hash}
        onChange={(event) => {
          setHash(event.target.value);
          setError(null);
        }}
        error={error}
        announceError
        hint="Find it in your wallet's activity, after the transfer is sent."
        className="font-mono text-sm"
      />
      {notice ? (
        <p
          role="status"
          className="flex items-start gap-2.5 rounded-2xl border-2 border-cyan/60 bg-cyan/5 p-3 text-sm"
        >
          <InboxIcon className="mt-0.5 shrink-0 text-lg text-cyan" />
          <span>{notice}</span>
        </p>
      ) : null}
      <Button type="submit" loading={verify.isPending} className="sm:self-end">
        Verify After Pay
      </Button>
    </form>
  );
}
