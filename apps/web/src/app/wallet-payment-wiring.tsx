import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { PayWithWallet } from '../features/crypto/components/pay-with-wallet';
import { usePresaleConfig } from '../features/presale/api/get-presale-config';
import { verifyCryptoPayment } from '../features/transactions/api/verify-crypto-payment';
import { useSession } from '../lib/session';
import type { WalletPaymentProps } from './wallet-payment';

/**
 * Pay with wallet for one Pending crypto order, wired to the presale chain settings, the buyer's
 * saved wallet and verify-crypto-pay. Drop it on any screen that shows such an order.
 */
const linkClass = 'self-start font-bold text-cyan underline underline-offset-4 hover:text-lime';

export function WalletPaymentWiring({ onVerified, ...order }: WalletPaymentProps) {
  const { data: config } = usePresaleConfig();
  const { user } = useSession();
  const queryClient = useQueryClient();
  if (!config) return null;
  return (
    <PayWithWallet
      {...order}
      chainName={config.chainName}
      rpcUrl={config.rpcUrl}
      explorerUrl={config.explorerUrl}
      minConfirmations={config.minConfirmations}
      savedWallet={user?.walletAddress ?? null}
      saveWalletOffer={(address) => (
        // Handed over in the navigation's own state, never in the URL: a link from anywhere
        // must not fill in where the tokens go. The payment is credited without this page.
        <Link to={paths.profile} state={{ suggestedWallet: address }} className={linkClass}>
          Save it as my wallet (on your Profile)
        </Link>
      )}
      verify={async (txnHash) => {
        const { data, message } = await verifyCryptoPayment({
          transactionId: order.transactionId,
          txnHash,
        });
        return message || data.msg;
      }}
      onVerified={(message) => {
        void queryClient.invalidateQueries({ queryKey: ['transactions'] });
        void queryClient.invalidateQueries({ queryKey: ['purchases'] });
        onVerified?.(message);
      }}
      walletHelp={
        <Link to={`${paths.profile}?help=wallet`} className={linkClass}>
          How do I create a wallet? (guide on your Profile)
        </Link>
      }
    />
  );
}
