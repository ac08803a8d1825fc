import { useIsMutating } from '@tanstack/react-query';
import { Decimal } from 'decimal.js';
import { EXACT_AMOUNT_NOTE, type Transaction } from '@tmc/shared';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { AlertIcon } from '../../../components/ui/icons';
import { formatAmount } from '../../../lib/format';
import { verifyCryptoPaymentKey } from '../api/verify-crypto-payment';
import { VerifyPaymentForm } from './verify-payment-form';

export interface VerifyPaymentDialogProps {
  /** The Pending crypto transaction being verified; null keeps the dialog closed. */
  transaction: Transaction | null;
  /** The company wallet from the presale settings, for a transaction that names none. */
  companyWallet?: string;
  onClose: () => void;
  onVerified: (message: string) => void;
}

/** The exact amount as plain text, for pasting into a wallet ("0.050000" → "0.05"). */
function exactAmount(value: string): string {
  try {
    return new Decimal(value).toFixed();
  } catch {
    return value;
  }
}

/** Spec section 2: pay the admin wallet, paste the hash, 'Verify After Pay'. */
export function VerifyPaymentDialog({
  transaction,
  companyWallet,
  onClose,
  onVerified,
}: VerifyPaymentDialogProps) {
  const verifying = useIsMutating({ mutationKey: verifyCryptoPaymentKey }) > 0;
  const wallet = transaction?.walletAddress ?? companyWallet ?? null;
  const amount = transaction ? exactAmount(transaction.price) : '';
  const coin = transaction?.tokenSymbol ?? '';

  return (
    <Dialog
      open={transaction !== null}
      onClose={onClose}
      dismissible={!verifying}
      title="Verify Payment"
      description="We detect an exact payment by ourselves. Sent a different amount, or it has not shown up? Paste the transaction hash of your transfer here."
    >
      <div className="flex flex-col gap-4">
        <p
          role="note"
          className="flex items-start gap-2.5 rounded-2xl border-2 border-pink/70 bg-pink/10 p-3 text-sm font-semibold"
        >
          <AlertIcon className="mt-0.5 shrink-0 text-lg text-pink" />
          Keep this tab open: do not refresh or close it until your transfer is verified.
        </p>

        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-bold text-muted">Company wallet (where you paid)</p>
          {wallet ? (
            <div className="flex items-center gap-2 rounded-2xl border-2 border-line bg-ink p-3">
              <code className="min-w-0 flex-1 font-mono text-sm break-all">{wallet}</code>
              <CopyButton value={wallet} ariaLabel="Copy company wallet address" />
            </div>
          ) : (
            <p className="text-muted">-</p>
          )}
        </div>

        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-bold text-muted">Amount due</p>
          <div className="flex flex-wrap items-center gap-3">
            <strong className="font-display text-2xl break-all text-lime tabular-nums">
              {formatAmount(amount, 18)} {coin}
            </strong>
            {amount ? <CopyButton value={amount} ariaLabel="Copy amount due" /> : null}
          </div>
          <p className="text-sm text-muted">{EXACT_AMOUNT_NOTE}</p>
        </div>

        <VerifyPaymentForm transactionId={transaction?._id} onVerified={onVerified} />
      </div>
    </Dialog>
  );
}
