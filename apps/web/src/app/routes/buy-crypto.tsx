import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { toast } from '../../components/ui/toast';
import { CryptoPurchaseForm } from '../../features/crypto/components/crypto-purchase-form';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { GuestCheckoutDialog } from '../../features/purchases/components/guest-checkout-dialog';
import { cryptoStateFrom } from '../../features/purchases/route-state';
import { useCurrencyRates } from '../../features/rates/api/get-currency-rates';
import { VerifyPaymentForm } from '../../features/transactions/components/verify-payment-form';
import { uploadFile } from '../../features/uploads/api/upload-file';
import { useReferralCode } from '../../lib/referral';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { VerifyEmailInline } from '../../features/auth/components/verify-email-inline';
import { PurchaseTermsDialog } from '../../features/purchases/components/purchase-terms-dialog';
import { ExplorerContext } from '../../components/ui/explorer-link';
import { WalletPayment } from '../wallet-payment';
import { FollowPayment } from '../follow-payment';

export function BuyCryptoRoute() {
  useDocumentTitle('Pay with Crypto Transfer');
  const location = useLocation();
  const order = cryptoStateFrom(location.state);
  const referralCode = useReferralCode();
  const { user } = useSession();
  const rates = useCurrencyRates();
  const { data: config } = usePresaleConfig();
  const ratesError = rates.error?.message ?? null;

  useEffect(() => {
    if (ratesError) toast.error(ratesError);
  }, [ratesError]);

  return (
    <ExplorerContext value={config?.explorerUrl ?? null}>
      <section className="container-page py-10 sm:py-14">
        <div className="mx-auto flex max-w-3xl flex-col gap-6">
          <header className="flex flex-col gap-2">
            <h1 className="text-4xl sm:text-5xl">Pay with Crypto Transfer</h1>
            <p className="text-muted">
              Submit your order, then send the exact amount of ETH or USDC to the company wallet: we
              detect the payment by itself.
            </p>
          </header>
          <CryptoPurchaseForm
            order={order}
            user={user}
            referralCode={referralCode}
            rates={rates.data?.rates}
            config={config}
            upload={(file, onProgress) => uploadFile(file, onProgress)}
            GuestCheckout={GuestCheckoutDialog}
            TermsDialog={PurchaseTermsDialog}
            VerifyEmail={VerifyEmailInline}
            VerifyPayment={VerifyPaymentForm}
            PayWithWallet={WalletPayment}
            FollowPayment={FollowPayment}
          />
        </div>
      </section>
    </ExplorerContext>
  );
}
