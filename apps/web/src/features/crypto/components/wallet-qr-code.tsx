import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';

type QrState = { value: string; src: string | null };

interface WalletQrCodeProps {
  address: string;
  className?: string;
}

/**
 * The wallet address as a QR code for a phone wallet to scan. The encoder is loaded on
 * demand (as on the profile's referral QR), so only buyers paying in crypto download it.
 */
export function WalletQrCode({ address, className }: WalletQrCodeProps) {
  const [qr, setQr] = useState<QrState | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) =>
        qrcode.toString(address, {
          type: 'svg',
          margin: 2,
          errorCorrectionLevel: 'M',
          color: { dark: '#0b0b14', light: '#ffffff' },
        }),
      )
      .then((svg) => {
        if (!cancelled)
          setQr({
            value: address,
            src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
          });
      })
      .catch(() => {
        if (!cancelled) setQr({ value: address, src: null });
      });
    return () => {
      cancelled = true;
    };
  }, [address]);

  const src = qr?.value === address ? qr.src : undefined;
  if (src === null) return null;
  const box = cn('size-40 shrink-0 rounded-2xl', className);
  return src ? (
    <img
      src={src}
      alt="QR code of the company wallet address"
      width={160}
      height={160}
      className={cn(box, 'border-2 border-ink bg-white shadow-chunky-sm')}
    />
  ) : (
    <div
      role="status"
      aria-label="Drawing QR code"
      className={cn(box, 'animate-skeleton bg-surface-3')}
    />
  );
}
