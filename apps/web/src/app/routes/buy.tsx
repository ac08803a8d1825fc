import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { LiveForm } from '../../components/ui/live-form';
import { paths } from '../../config/paths';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { BuyForm } from '../../features/purchases/components/buy-form';
import { useCurrencyRates } from '../../features/rates/api/get-currency-rates';
import { fiatCurrencyOptions } from '../../features/rates/fiat-currencies';
import { useReferralCode, withReferral } from '../../lib/referral';
import { useDocumentTitle } from '../../lib/use-document-title';

export function BuyRoute() {
  useDocumentTitle('Buy TMC', 'Buy the TMC meme token by bank transfer, ETH or USDC.');
  const navigate = useNavigate();
  const referralCode = useReferralCode();
  const rates = useCurrencyRates();
  const { data: config } = usePresaleConfig();
  const fiatOptions = useMemo(() => fiatCurrencyOptions(rates.data?.rates), [rates.data]);
  const ratesError = rates.error?.message ?? null;

  useEffect(() => {
    if (ratesError) toast.error(ratesError);
  }, [ratesError]);

  return (
    <section className="container-page py-10 sm:py-14">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <header className="flex flex-col gap-2">
          <h1 className="text-4xl sm:text-5xl">
            Buy <span className="text-lime">{config?.tokenSymbol ?? 'TMC'}</span>
          </h1>
          <p className="text-muted">
            Choose how you pay, enter your amount, accept the disclaimer and continue to bank or
            crypto transfer.
          </p>
        </header>
        <div className="card p-5 sm:p-7">
          <LiveForm>
            <BuyForm
              rates={rates.data?.rates}
              fiatOptions={fiatOptions}
              ratesLoading={rates.isPending}
              ratesError={ratesError}
              onRetryRates={() => void rates.refetch()}
              config={config}
              onBankTransfer={(state) =>
                void navigate(withReferral(paths.buyBank, referralCode), { state })
              }
              onCryptoTransfer={(state) =>
                void navigate(withReferral(paths.buyCrypto, referralCode), { state })
              }
            />
          </LiveForm>
        </div>
      </div>
    </section>
  );
}
