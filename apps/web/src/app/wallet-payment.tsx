import { lazy, Suspense } from 'react';
import { WalletSkeleton } from '../features/crypto/components/wallet-skeleton';
import type { WalletOrder } from '../features/crypto/lib/wallet-order';

export interface WalletPaymentProps extends WalletOrder {
  onVerified?: (message: string) => void;
}

// The wallet code (viem, EIP-6963) and its wiring load only once the button is shown.
const Wiring = lazy(() =>
  import('./wallet-payment-wiring').then((m) => ({ default: m.WalletPaymentWiring })),
);

/**
 * Pay with wallet for one Pending crypto order (its id, coin, exact amount, company wallet,
 * chain, USDC contract and quote expiry): drop it on any screen that shows such an order.
 */
export function WalletPayment(props: WalletPaymentProps) {
  return (
    <Suspense fallback={<WalletSkeleton />}>
      <Wiring {...props} />
    </Suspense>
  );
}
