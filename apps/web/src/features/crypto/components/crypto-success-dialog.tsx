import { useId, type ComponentType } from 'react';
import { Decimal } from 'decimal.js';
import type { Transaction } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { formatAmount } from '../../../lib/format';
import { CompanyWallet } from './company-wallet';

/** The hash form of the transactions area, composed in by the route. */
export interface VerifyPaymentProps {
  transactionId: string | null | undefined;
  onVerified: (message: string) => void;
}

interface CryptoSuccessDialogProps {
  /** The Pending transaction the order created; null keeps the dialog closed. */
  transaction: Transaction | null;
  /** The company wallet from the presale settings, for a transaction that names none. */
  companyWallet: string | undefined;
  VerifyPayment: ComponentType<VerifyPaymentProps>;
  onVerified: (message: string) => void;
  onVerifyLater: () => void;
  onClose: () => void;
}

/** The exact amount as plain text, for pasting into a wallet ("0.050000" → "0.05"). */
function exactAmount(value: string): string {
  try {
    return new Decimal(value).toFixed();
  } catch {
    return value;
  }
}

/**
 * After the order: the exact amount due and where to send it, then verify now by pasting
 * the hash, or later from Transactions.
 */
export function CryptoSuccessDialog({
  transaction,
  companyWallet,
  VerifyPayment,
  onVerified,
  onVerifyLater,
  onClose,
}: CryptoSuccessDialogProps) {
  const verifyId = useId();
  const amount = transaction ? exactAmount(transaction.price) : '';
  const coin = transaction?.tokenSymbol ?? '';
  const wallet = transaction?.walletAddress ?? companyWallet;

  return (
    <Dialog
      open={transaction !== null}
      onClose={onClose}
      title="Presale request submitted"
      description="Your request is Pending until your payment is verified."
      size="lg"
    >
      <div className="flex flex-col gap-5">
        <p className="flex items-start gap-3">
          <CheckCircleIcon className="shrink-0 text-3xl text-success" />
          <span className="pt-1">
            Thank you! Now send the exact amount below. Keep this tab open until your transfer and
            verification are done.
          </span>
        </p>

        <div className="flex flex-col gap-2 rounded-2xl border-2 border-lime bg-lime/10 p-4">
          <p className="text-sm font-bold text-muted">Amount due</p>
          <div className="flex flex-wrap items-center gap-3">
            <strong className="font-display text-3xl break-all text-lime tabular-nums">
              {formatAmount(amount, 18)} {coin}
            </strong>
            <CopyButton value={amount} ariaLabel="Copy amount due" />
          </div>
          <p className="text-sm">
            Send exactly this amount of {coin} to the company wallet, from a wallet you control.
          </p>
        </div>

        <CompanyWallet address={wallet ?? undefined} />

        <section
          aria-labelledby={verifyId}
          className="flex flex-col gap-3 rounded-2xl border-2 border-cyan/60 bg-cyan/5 p-4"
        >
          <h3 id={verifyId} className="text-lg">
            Verify now
          </h3>
          <p className="text-sm text-muted">
            Once the transfer is sent, paste its transaction hash: we check the payment on the chain
            and accept your request at once.
          </p>
          <VerifyPayment transactionId={transaction?._id} onVerified={onVerified} />
        </section>

        <div className="flex flex-col gap-2 border-t-2 border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">Paying later? Verify it any time from Transactions.</p>
          <Button variant="secondary" onClick={onVerifyLater}>
            Verify later
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
