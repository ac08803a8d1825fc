import { CopyButton } from '../../../components/ui/copy-button';
import { useExplorerHref } from '../../../components/ui/explorer-link';
import { ExternalLinkIcon } from '../../../components/ui/icons';
import { QrCode } from '../../../components/ui/qr-code';
import { cn } from '../../../lib/cn';

interface CompanyWalletProps {
  /** Undefined while the presale settings load. */
  address: string | undefined;
  /** An EIP-681 payment request (address and exact amount) for the QR code instead of the bare address. */
  paymentRequest?: { uri: string; alt: string };
  className?: string;
}

/** Where the buyer pays: the address in full, a copy button and a QR code. */
export function CompanyWallet({ address, paymentRequest, className }: CompanyWalletProps) {
  const explorer = useExplorerHref('address', address);
  const qr =
    paymentRequest ??
    (address ? { uri: address, alt: 'QR code of the company wallet address' } : null);
  return (
    <div className={cn('flex flex-col items-center gap-4 sm:flex-row sm:items-start', className)}>
      {qr ? <QrCode value={qr.uri} alt={qr.alt} size={160} className="size-40 shrink-0" /> : null}
      <div className="flex w-full min-w-0 flex-col gap-2">
        <p className="text-sm font-bold text-muted">Company wallet address</p>
        {address ? (
          <>
            <code className="rounded-2xl border-2 border-line bg-ink p-3 font-mono text-sm break-all text-fg sm:text-base">
              {address}
            </code>
            <div className="flex flex-wrap items-center gap-3">
              <CopyButton value={address} label="Copy address" />
              {explorer ? (
                <a
                  href={explorer}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 text-sm font-bold text-cyan underline underline-offset-4 hover:text-lime"
                >
                  View on the block explorer <ExternalLinkIcon aria-hidden="true" />
                </a>
              ) : null}
            </div>
          </>
        ) : (
          <span
            className="block h-12 animate-skeleton rounded-2xl bg-surface-3"
            aria-hidden="true"
          />
        )}
      </div>
    </div>
  );
}
