import { useId } from 'react';
import { formatAud, formatPercent, raisedPercent } from '../lib/presale-figures';

interface PresaleProgressProps {
  raisedAud: string;
  hardCapAud: string;
}

/** Raised so far against the hard cap, as a bar. */
export function PresaleProgress({ raisedAud, hardCapAud }: PresaleProgressProps) {
  const labelId = useId();
  const percent = raisedPercent(raisedAud, hardCapAud);
  const raised = formatAud(raisedAud);
  const cap = formatAud(hardCapAud);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span id={labelId} className="text-xs font-black tracking-widest text-muted uppercase">
          Raised so far
        </span>
        <span className="text-sm font-bold">{formatPercent(percent)} of the hard cap</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent * 10) / 10}
        aria-valuetext={`${raised} of ${cap}`}
        className="h-5 overflow-hidden rounded-full border-2 border-line bg-surface-3"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-lime via-cyan to-pink"
          // A sliver even for a tiny start, so the bar never looks broken.
          style={{ width: `${percent > 0 ? Math.max(percent, 2) : 0}%` }}
        />
      </div>
      <p className="text-sm text-muted">
        <span className="font-bold text-fg">{raised}</span> raised of a {cap} hard cap
      </p>
    </div>
  );
}
