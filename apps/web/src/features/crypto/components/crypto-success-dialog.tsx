import { useId, useState, type ComponentType, type ReactNode } from 'react';
import {
  ETH_SENDER_NOTE,
  EXACT_AMOUNT_NOTE,
  type PaymentProgress,
  type PresaleConfig,
  type Transaction,
} from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { PaymentStatusNote } from '../../../components/ui/payment-status-note';
import { paths, presaleRequestPath } from '../../../config/paths';
import { paymentRequestUri } from '../lib/payment-request';
import { exactAmount, isCoin, type WalletOrder } from '../lib/wallet-order';
import { CompanyWallet } from './company-wallet';
import { QuoteCountdown } from './quote-countdown';

/** The hash form of the transactions area, composed in by the route. */
export interface VerifyPaymentProps {
  transactionId: string | null | undefined;
  onVerified: (message: string) => void;
}

/** Pay with wallet for the order, composed in by the route. */
export type PayWithWalletSlot = ComponentType<
  WalletOrder & { onVerified?: (message: string) => void }
>;

/**
 * Follows the order on the server (composed in by the route): renders its children with where
 * the payment is, and a way to ask again at once.
 */
export type FollowPaymentSlot = ComponentType<{
  purchaseId: string;
  children: (payment: PaymentProgress | undefined, refresh: () => void) => ReactNode;
}>;

interface CryptoSuccessDialogProps {
  /** The Pending transaction the order created; null keeps the dialog closed. */
  transaction: Transaction | null;
  /** The presale settings: the company wallet for a transaction that names none, the chain and the USDC contract. */
  config:
    | (Pick<PresaleConfig, 'companyWallet' | 'chainId' | 'usdcAddress'> & { tokenSymbol?: string })
    | undefined;
  VerifyPayment: ComponentType<VerifyPaymentProps>;
  PayWithWallet?: PayWithWalletSlot;
  FollowPayment?: FollowPaymentSlot;
  onVerified: (message: string) => void;
  /** A payment the wallet sent was verified; the dialog stays open on its progress. */
  onWalletVerified?: (message: string) => void;
  onVerifyLater: () => void;
  onClose: () => void;
  /** The e-mail code entry, for an account that has not verified its e-mail yet. */
  verifyEmail?: ReactNode;
}

/** The QR code's EIP-681 request, or none when the order or the settings cannot make one. */
function paymentRequestFor(
  amount: string,
  coin: string,
  wallet: string | null | undefined,
  config: CryptoSuccessDialogProps['config'],
) {
  if (!wallet || !config || !isCoin(coin)) return undefined;
  try {
    const uri = paymentRequestUri({
      coin,
      amount,
      wallet,
      chainId: config.chainId,
      usdcAddress: config.usdcAddress,
    });
    return { uri, alt: `QR code of the payment request: ${amount} ${coin} to the company wallet` };
  } catch {
    return undefined;
  }
}

/**
 * After the order: the exact amount due and where to send it, then verify now by pasting
 * the hash, or later from Transactions.
 */
export function CryptoSuccessDialog({
  transaction,
  config,
  VerifyPayment,
  PayWithWallet,
  FollowPayment,
  onVerified,
  onWalletVerified,
  onVerifyLater,
  onClose,
  verifyEmail,
}: CryptoSuccessDialogProps) {
  const purchaseId = transaction?.purchaseId;
  if (!FollowPayment || !purchaseId)
    return (
      <PaymentDialog
        {...{ transaction, config, VerifyPayment, PayWithWallet, onVerified, onWalletVerified }}
        {...{ onVerifyLater, onClose, verifyEmail }}
      />
    );
  return (
    <FollowPayment purchaseId={purchaseId}>
      {(payment, refresh) => (
        <PaymentDialog
          {...{ transaction, config, VerifyPayment, PayWithWallet, onVerified, onVerifyLater }}
          {...{ onClose, verifyEmail, payment }}
          onWalletVerified={(message) => {
            refresh();
            onWalletVerified?.(message);
          }}
        />
      )}
    </FollowPayment>
  );
}

function PaymentDialog({
  transaction,
  config,
  VerifyPayment,
  PayWithWallet,
  onVerified,
  onWalletVerified,
  onVerifyLater,
  onClose,
  verifyEmail,
  payment,
}: Omit<CryptoSuccessDialogProps, 'FollowPayment'> & { payment?: PaymentProgress }) {
  const verifyId = useId();
  const walletId = useId();
  const amount = transaction ? exactAmount(transaction.price) : '';
  const coin = transaction?.tokenSymbol ?? '';
  const wallet = transaction?.walletAddress ?? config?.companyWallet;
  const paymentRequest = paymentRequestFor(amount, coin, wallet, config);
  // Once the money moved (or the quote ran out), the amount, QR, countdown and forms are stale.
  const settled = payment !== undefined && payment.state !== 'awaitingPayment';
  const [walletUsed, setWalletUsed] = useState(false);
  const purchaseId = transaction?.purchaseId;

  return (
    <Dialog
      open={transaction !== null}
      onClose={onClose}
      title="Presale request submitted"
      description={
        !settled
          ? 'Your request is Pending until your payment is verified.'
          : payment.state === 'verified'
            ? 'Your payment is verified and your request accepted.'
            : payment.state === 'seen'
              ? 'Your payment is on the chain: it counts once it has enough confirmations.'
              : 'Where your payment stands now.'
      }
      size="lg"
    >
      <div className="flex flex-col gap-5">
        {settled ? (
          <PaymentStatusNote
            payment={payment}
            orderHref={purchaseId ? presaleRequestPath(purchaseId) : undefined}
            newOrderHref={paths.buy}
            tokenSymbol={config?.tokenSymbol}
          />
        ) : null}
        {!settled && purchaseId ? (
          <p className="text-sm text-muted" role="status">
            Awaiting your payment: this window updates by itself when it arrives.
          </p>
        ) : null}
        {settled ? null : (
          <>
            <p className="flex items-start gap-3">
              <CheckCircleIcon className="shrink-0 text-3xl text-success" />
              <span className="pt-1">
                Thank you! Now send the exact amount below. Keep this tab open until your transfer
                and verification are done.
              </span>
            </p>

            <div className="flex flex-col gap-2 rounded-2xl border-2 border-lime bg-lime/10 p-4">
              <p className="text-sm font-bold text-muted">Amount due</p>
              <div className="flex flex-wrap items-center gap-3">
                <strong className="font-display text-3xl break-all text-lime tabular-nums">
                  {amount} {coin}
                </strong>
                <CopyButton value={amount} label="Copy amount" ariaLabel="Copy amount due" />
              </div>
              <p className="text-sm">
                Send <strong>exactly</strong> this amount of {coin} to the company wallet: every
                digit counts, since this exact amount tells us the payment is for this order.
              </p>
              {coin === 'ETH' ? <p className="text-sm">{ETH_SENDER_NOTE}</p> : null}
              <p className="text-sm font-bold">{EXACT_AMOUNT_NOTE}</p>
              {transaction?.quoteExpiresAt ? (
                <QuoteCountdown expiresAt={transaction.quoteExpiresAt} />
              ) : null}
            </div>
          </>
        )}

        {/* Once the buyer paid from this browser, its panel stays: it follows that payment. */}
        {PayWithWallet &&
        transaction &&
        wallet &&
        config &&
        isCoin(coin) &&
        (!settled || walletUsed) ? (
          <section
            onClickCapture={() => setWalletUsed(true)}
            aria-labelledby={walletId}
            className="flex flex-col gap-3 rounded-2xl border-2 border-pink/60 bg-pink/5 p-4"
          >
            <h3 id={walletId} className="text-lg">
              Pay from this browser
            </h3>
            <p className="text-sm text-muted">
              Your browser wallet fills in the company wallet and the exact amount: confirm there
              and this page follows the payment until it counts, no hash to copy. Or pay from any
              wallet app with the address and QR code below.
            </p>
            <PayWithWallet
              transactionId={transaction._id}
              currency={coin}
              amount={amount}
              companyWallet={wallet}
              chainId={config.chainId}
              usdcAddress={config.usdcAddress}
              expiresAt={transaction.quoteExpiresAt ?? null}
              onVerified={onWalletVerified}
            />
          </section>
        ) : null}

        {settled ? null : (
          <>
            <CompanyWallet address={wallet ?? undefined} paymentRequest={paymentRequest} />

            <section
              aria-labelledby={verifyId}
              className="flex flex-col gap-3 rounded-2xl border-2 border-cyan/60 bg-cyan/5 p-4"
            >
              <h3 id={verifyId} className="text-lg">
                Verify now
              </h3>
              <p className="text-sm text-muted">
                Once the transfer is sent, paste its transaction hash: we check the payment on the
                chain and accept your request at once.
              </p>
              <VerifyPayment transactionId={transaction?._id} onVerified={onVerified} />
            </section>
          </>
        )}

        {verifyEmail}

        {settled ? null : (
          <div className="flex flex-col gap-2 border-t-2 border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted">
              Paying later? Verify it any time from Transactions.
            </p>
            <Button variant="secondary" onClick={onVerifyLater}>
              Verify later
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
