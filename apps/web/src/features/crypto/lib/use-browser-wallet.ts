import { useEffect, useState } from 'react';
import { injectedWallet, watchWallets, type BrowserWallet } from './wallet-discovery';

/**
 * The browser wallet, as the payment flow finds it: the first EIP-6963 announcement, else
 * window.ethereum. Answers a function read at the click, so a wallet announced after the first
 * render still counts.
 */
export function useBrowserWallet(): () => BrowserWallet | null {
  const [wallets, setWallets] = useState<BrowserWallet[]>([]);
  useEffect(() => watchWallets(setWallets), []);
  return () => wallets[0] ?? injectedWallet();
}
