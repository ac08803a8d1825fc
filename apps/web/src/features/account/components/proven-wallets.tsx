import { getAddress, isAddressEqual, type Address } from 'viem';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useBrowserWallet } from '../../crypto/lib/use-browser-wallet';
import { useProveWallet, useWallets } from '../api/wallet-proofs';

const NO_WALLET = 'No browser wallet found: open this page in a browser with a wallet extension';

/**
 * The buyer's wallets (proven, the registered one, the senders of credited payments), which are
 * proven, and "Prove this wallet": the browser wallet signs a message the server issued. A
 * payment from a proven wallet counts for the buyer's open order of its coin by its value.
 */
export function ProvenWallets() {
  const wallets = useWallets();
  const prove = useProveWallet();
  // A wallet that only announces itself (EIP-6963, no window.ethereum) counts too.
  const pickWallet = useBrowserWallet();

  async function proveOne(address: string) {
    const wallet = pickWallet();
    if (!wallet) {
      toast.error(NO_WALLET);
      return;
    }
    try {
      const accounts = (await wallet.provider.request({
        method: 'eth_requestAccounts',
      })) as string[];
      const target = getAddress(address);
      if (!accounts.some((a) => isAddressEqual(a as Address, target))) {
        toast.error(`Select ${target} in your wallet, then try again`);
        return;
      }
      const { message } = await prove.mutateAsync({ provider: wallet.provider, address: target });
      toast.success(message || 'Wallet proven');
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  }

  if (wallets.isLoading) return <p className="text-sm text-muted">Loading your wallets…</p>;
  if (wallets.isError)
    return <p className="text-sm text-danger">Your wallets could not be loaded.</p>;
  const list = wallets.data ?? [];
  return (
    <section aria-label="Proven wallets" className="flex flex-col gap-3">
      <h3 className="font-semibold">Your wallets</h3>
      {/* p10: why prove, before anyone is asked to sign. */}
      <p className="text-sm text-muted">
        Prove a wallet you pay from: your browser wallet signs a free message (no payment), and
        payments from that wallet then count for your orders by themselves, with no transaction hash
        to give.
      </p>
      {list.length === 0 ? (
        <p className="text-sm text-muted">
          No wallet yet: save one above, or pay with your wallet, then prove it here.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((w) => (
            <li key={w.address} className="flex flex-wrap items-center gap-2 text-sm">
              <code className="font-mono break-all">{w.address}</code>
              {w.proven ? (
                <Badge tone="success">Proven</Badge>
              ) : (
                <>
                  <Badge tone="muted">Not proven</Badge>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={prove.isPending}
                    onClick={() => void proveOne(w.address)}
                  >
                    Prove this wallet
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
