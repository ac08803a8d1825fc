import { paths } from '../../config/paths';
import { AffiliateBlock } from '../../features/landing/components/affiliate-block';
import { DisclaimerNote } from '../../features/landing/components/disclaimer-note';
import { Hero } from '../../features/landing/components/hero';
import { HowToBuy } from '../../features/landing/components/how-to-buy';
import { SwapBlock } from '../../features/landing/components/swap-block';
import { TokenBlock } from '../../features/landing/components/token-block';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { useReferralCode, withReferral } from '../../lib/referral';
import { useDocumentTitle } from '../../lib/use-document-title';

export function HomeRoute() {
  useDocumentTitle(
    'Home',
    'TMC, the meme coin with a grin: join the presale by bank transfer, ETH or USDC, swap your scam tokens for TMC, or earn 20% as an affiliate. For fun, not financial advice. 18+.',
  );
  const referralCode = useReferralCode();
  const { data: config, isError } = usePresaleConfig();
  const buyHref = withReferral(paths.buy, referralCode);

  return (
    <div className="flex flex-col gap-16 pb-4 sm:gap-20">
      <Hero
        tokenName={config?.tokenName}
        buyHref={buyHref}
        whitePaperUrl={config?.whitePaperUrl || paths.whitePaper}
      />
      <TokenBlock config={config} failed={isError} buyHref={buyHref} />
      <HowToBuy />
      <SwapBlock swapWallet={config?.swapWallet} />
      <AffiliateBlock
        signupHref={withReferral(paths.signup, referralCode)}
        termsHref={paths.affiliateDisclaimer}
      />
      <DisclaimerNote disclaimerHref={paths.disclaimer} />
    </div>
  );
}
