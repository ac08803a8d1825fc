import { useEffect, useState } from 'react';

type QrState = { value: string; src: string | null };

/**
 * The referral link as a QR code. The encoder is loaded on demand, so only affiliates
 * viewing their profile download it. Drawn as SVG: sharp at any size, printable.
 */
export function ReferralQrCode({ value }: { value: string }) {
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

  const src = qr?.value === value ? qr.src : undefined;
  if (src === null) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      {src ? (
        <img
          src={src}
          alt="QR code of your referral link"
          width={176}
          height={176}
          className="size-44 rounded-2xl border-2 border-ink bg-white shadow-chunky-sm"
        />
      ) : (
        <div
          role="status"
          aria-label="Drawing QR code"
          className="size-44 animate-skeleton rounded-2xl bg-surface-3"
        />
      )}
      {src ? (
        <a
          href={src}
          download="tmc-referral-qr.svg"
          className="rounded text-sm font-bold text-cyan underline-offset-4 hover:underline"
        >
          Download QR code
        </a>
      ) : null}
    </div>
  );
}
