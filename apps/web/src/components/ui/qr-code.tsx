import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

type QrState = { value: string; src: string | null };

/**
 * `value` as an SVG QR code (a data URL): undefined while drawing, null when it could not be
 * drawn. The encoder is loaded on demand, so only the pages that show a code download it.
 */
function useQrCodeSrc(value: string): string | null | undefined {
  const [qr, setQr] = useState<QrState | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) =>
        qrcode.toString(value, {
          type: 'svg',
          margin: 2,
          errorCorrectionLevel: 'M',
          color: { dark: '#0b0b14', light: '#ffffff' },
        }),
      )
      .then((svg) => {
        if (!cancelled)
          setQr({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (!cancelled) setQr({ value, src: null });
      });
    return () => {
      cancelled = true;
    };
  }, [value]);

  return qr?.value === value ? qr.src : undefined;
}

interface QrCodeProps {
  value: string;
  alt: string;
  /** Width and height of the image in px; `className` gives the matching size class. */
  size: number;
  className?: string;
  /** File name for a "Download QR code" link under the code; no link without it. */
  downloadName?: string;
}

/** A QR code drawn as SVG (sharp at any size, printable); nothing when it cannot be drawn. */
export function QrCode({ value, alt, size, className, downloadName }: QrCodeProps) {
  const src = useQrCodeSrc(value);
  if (src === null) return null;
  const box = cn(className, 'rounded-2xl');
  const code = src ? (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      className={cn(box, 'border-2 border-ink bg-white shadow-chunky-sm')}
    />
  ) : (
    <div
      role="status"
      aria-label="Drawing QR code"
      className={cn(box, 'animate-skeleton bg-surface-3')}
    />
  );
  if (!downloadName) return code;
  return (
    <div className="flex flex-col items-center gap-2">
      {code}
      {src ? (
        <a
          href={src}
          download={downloadName}
          className="rounded text-sm font-bold text-cyan underline-offset-4 hover:underline"
        >
          Download QR code
        </a>
      ) : null}
    </div>
  );
}
