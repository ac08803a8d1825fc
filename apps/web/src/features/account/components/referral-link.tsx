import { useId } from 'react';
import { BreakableText } from '../../../components/ui/breakable-text';
import { CopyButton } from '../../../components/ui/copy-button';
import { controlClasses } from '../../../components/ui/field';
import { QrCode } from '../../../components/ui/qr-code';
import { cn } from '../../../lib/cn';
import { withReferral } from '../../../lib/referral';

/** The affiliate's link to share: `<site>/?referral_code=CODE`. */
export function referralLinkFor(code: string): string {
  return withReferral(`${window.location.origin}/`, code);
}

export function ReferralLink({ code }: { code: string }) {
  const inputId = useId();
  const link = referralLinkFor(code);
  return (
    <div className="grid items-center gap-5 sm:grid-cols-[1fr_auto]">
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-bold">
          Your referral link
        </label>
        {/* Text, not an input: the whole link stays in view on a phone, wrapped at "/" and "?". */}
        <output
          id={inputId}
          className={cn(controlClasses, 'block h-auto py-2.5 font-mono text-sm select-all')}
        >
          <BreakableText text={link} />
        </output>
        <CopyButton value={link} label="Copy link" className="mt-1 self-start" />
        <p className="text-sm text-muted">
          Your code: <strong className="font-mono text-fg">{code}</strong>
        </p>
      </div>
      <QrCode
        value={link}
        alt="QR code of your referral link"
        size={176}
        className="size-44"
        downloadName="tmc-referral-qr.svg"
      />
    </div>
  );
}
