import { AlertIcon } from '../../../components/ui/icons';
import { useTimeLeft } from '../../../lib/use-time-left';

/** 3599 → "59:59", 65 → "01:05". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(totalSeconds % 60).padStart(2, '0')}`;
}

/**
 * How long the quoted amount holds. A payment mined after that is not credited by itself, so
 * once it runs out the buyer is told not to pay and to place a new order.
 */
export function QuoteCountdown({ expiresAt }: { expiresAt: string }) {
  const left = useTimeLeft(expiresAt);
  if (!left) return null;
  if (left.ended) {
    return (
      <p
        role="alert"
        className="flex items-start gap-2.5 rounded-2xl border-2 border-danger/70 bg-danger/10 p-3 text-sm font-semibold"
      >
        <AlertIcon className="mt-0.5 shrink-0 text-lg text-danger" />
        This quote has expired. Do not send this amount: place a new order for a fresh quote.
      </p>
    );
  }
  return (
    <p className="text-sm font-bold">
      Quote valid for{' '}
      <time
        dateTime={`PT${left.totalSeconds}S`}
        className="font-display text-lg text-cyan tabular-nums"
      >
        {formatMinutesSeconds(left.totalSeconds)}
      </time>
    </p>
  );
}
