import { useState } from 'react';
import { useParams } from 'react-router';
import {
  ETH_SENDER_NOTE,
  EXACT_AMOUNT_NOTE,
  PaymentStatus,
  type PresaleConfig,
  type PurchaseDetail,
  type Transaction,
} from '@tmc/shared';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { ExplorerContext } from '../../components/ui/explorer-link';
import { ResultModal } from '../../components/ui/result-modal';
import { BankDetails } from '../../features/banks/components/bank-details';
import { CompanyWallet } from '../../features/crypto/components/company-wallet';
import { exactAmount, isCoin } from '../../features/crypto/lib/wallet-order';
import { QuoteCountdown } from '../../features/crypto/components/quote-countdown';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { PurchaseOrder } from '../../features/purchases/components/purchase-order';
import { VerifyPaymentDialog } from '../../features/transactions/components/verify-payment-dialog';
import { uploadFile } from '../../features/uploads/api/upload-file';
import { formatAmount } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';
import { VerifyEmailInline } from '../../features/auth/components/verify-email-inline';
import { WalletPayment } from '../wallet-payment';

/** A Pending crypto order's payment step: where to pay, how much, and Verify. */
export function CryptoPayment({
  detail,
  config,
  onVerify,
  onVerified,
}: {
  detail: PurchaseDetail;
  config: PresaleConfig | undefined;
  onVerify: (transaction: Transaction) => void;
  onVerified: (message: string) => void;
}) {
  const { transaction } = detail;
  if (!transaction)
    return <p className="card p-5 text-muted">No payment is open for this order.</p>;
  const wallet = transaction.walletAddress ?? config?.companyWallet;
  const coin = transaction.tokenSymbol;
  // Partially paid: what is still missing is what to send now.
  const missing = transaction.paymentStatus === PaymentStatus.Pending ? transaction.missing : null;
  const due = missing ?? exactAmount(transaction.price);
  return (
    <div className="card flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-bold text-muted">{missing ? 'Still missing' : 'Amount due'}</p>
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-display text-2xl font-black wrap-anywhere text-lime tabular-nums">
            {missing ?? formatAmount(transaction.price, 18)} {transaction.tokenSymbol}
          </p>
          {/* The buyer back from an exchange app pastes it: one wrong digit sends it to staff. */}
          <CopyButton
            value={due}
            label="Copy amount"
            ariaLabel={missing ? 'Copy amount missing' : 'Copy amount due'}
          />
        </div>
        {missing ? null : <p className="text-sm">{EXACT_AMOUNT_NOTE}</p>}
        {coin === 'ETH' ? <p className="text-sm">{ETH_SENDER_NOTE}</p> : null}
        {transaction.quoteExpiresAt ? (
          <QuoteCountdown expiresAt={transaction.quoteExpiresAt} />
        ) : null}
      </div>
      {config && wallet && isCoin(coin) ? (
        <WalletPayment
          transactionId={transaction._id}
          currency={coin}
          amount={due}
          companyWallet={wallet}
          chainId={config.chainId}
          usdcAddress={config.usdcAddress}
          expiresAt={transaction.quoteExpiresAt}
          onVerified={onVerified}
        />
      ) : null}
      <CompanyWallet address={wallet} />
      <p className="text-sm font-semibold">
        Sent a different amount, or from an exchange, and nothing shows here yet? Tell us the
        transaction hash: our team checks it. Next time, prove your wallet on your Profile and its
        payments count by themselves.
      </p>
      <Button className="sm:self-start" onClick={() => onVerify(transaction)}>
        Verify payment
      </Button>
    </div>
  );
}

export function PresaleRequestRoute() {
  useDocumentTitle('Presale Request');
  const { id = '' } = useParams();
  const { data: config } = usePresaleConfig();
  const [verifying, setVerifying] = useState<Transaction | null>(null);
  const [verified, setVerified] = useState<string | null>(null);
  const { user } = useSession();

  return (
    <ExplorerContext value={config?.explorerUrl ?? null}>
      <section className="container-page py-10 sm:py-14">
        <PurchaseOrder
          id={id}
          BankDetails={BankDetails}
          upload={(file, onProgress) => uploadFile(file, onProgress)}
          notice={user && !user.emailVerified ? <VerifyEmailInline email={user.email} /> : null}
          cryptoPayment={(detail) => (
            <CryptoPayment
              detail={detail}
              config={config}
              onVerify={setVerifying}
              onVerified={setVerified}
            />
          )}
        />
        <VerifyPaymentDialog
          transaction={verifying}
          companyWallet={config?.companyWallet}
          onClose={() => setVerifying(null)}
          onVerified={(message) => {
            setVerifying(null);
            setVerified(message);
          }}
        />
        <ResultModal
          open={verified !== null}
          kind="success"
          message={verified ?? ''}
          actions={['ok', 'transactions']}
          onClose={() => setVerified(null)}
        />
      </section>
    </ExplorerContext>
  );
}
