import { useId } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTimeLeft } from '../../../lib/use-time-left';

/** Days, hours, minutes and seconds until the presale's end date. */
export function Countdown({ endsAt }: { endsAt: string }) {
  const labelId = useId();
  const left = useTimeLeft(endsAt);
  if (!left) return null;
  if (left.ended) {
    return <p className="font-display text-xl font-black">The presale has ended.</p>;
  }
  const units: [string, number][] = [
    ['Days', left.days],
    ['Hours', left.hours],
    ['Minutes', left.minutes],
    ['Seconds', left.seconds],
  ];
  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-xs font-black tracking-widest text-muted uppercase">
        Presale ends in
      </span>
      <div role="timer" aria-labelledby={labelId} className="grid grid-cols-4 gap-2">
        {units.map(([label, value]) => (
          <div
            key={label}
            className="flex flex-col items-center rounded-xl border-2 border-line bg-surface-2 px-1 py-2"
          >
            <span className="font-display text-2xl font-black tabular-nums sm:text-3xl">
              {String(value).padStart(2, '0')}
            </span>
            <span className="text-xs font-semibold text-muted">{label}</span>
          </div>
        ))}
      </div>
      <p className="text-sm text-muted">
        Ends <time dateTime={endsAt}>{formatDateTime(endsAt)}</time>
      </p>
    </div>
  );
}
