import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useBanksByCurrency } from '../../features/banks/api/get-banks-by-currency';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { BankPurchaseForm } from '../../features/purchases/components/bank-purchase-form';
import { bankStateFrom } from '../../features/purchases/route-state';
import { uploadFile } from '../../features/uploads/api/upload-file';
import { useReferralCode, withReferral } from '../../lib/referral';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PurchaseTermsDialog } from '../../features/purchases/components/purchase-terms-dialog';

/** AUD is the only currency the bank screen offers (spec section 2). */
const BANK_CURRENCIES = ['AUD'] as const;

export function BuyBankRoute() {
  useDocumentTitle('Pay with Bank Transfer');
  const location = useLocation();
  const order = bankStateFrom(location.state);
  const referralCode = useReferralCode();
  const { user } = useSession();
  const [currency, setCurrency] = useState<string>(BANK_CURRENCIES[0]);
  const banks = useBanksByCurrency(currency);
  const banksError = banks.error?.message ?? null;
  const { data: config } = usePresaleConfig();

  useEffect(() => {
    if (banksError) toast.error(banksError);
  }, [banksError]);

  if (!order) return <Navigate to={withReferral(paths.buy, referralCode)} replace />;

  return (
    <section className="container-page py-10 sm:py-14">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <header className="flex flex-col gap-2">
          <h1 className="text-4xl sm:text-5xl">Pay with Bank Transfer</h1>
          <p className="text-muted">
            Pick a bank and place your order. Its page then shows your payment reference and the
            bank account to pay: transfer the amount, then upload your receipt there. Our team
            reviews every presale request and confirms by e-mail.
          </p>
        </header>
        <BankPurchaseForm
          order={order}
          user={user}
          referralCode={referralCode}
          banks={banks.data}
          banksLoading={banks.isPending}
          banksError={banksError}
          currency={currency}
          currencies={BANK_CURRENCIES}
          onCurrencyChange={(code) => {
            // Choosing a currency reloads its banks (spec section 4), even the same one.
            setCurrency(code);
            void banks.refetch();
          }}
          TermsDialog={PurchaseTermsDialog}
          upload={(file, onProgress) => uploadFile(file, onProgress)}
          tokenSymbol={config?.tokenSymbol ?? 'TMC'}
        />
      </div>
    </section>
  );
}
