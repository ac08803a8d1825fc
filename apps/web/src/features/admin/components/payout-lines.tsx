import { destinationText, payoutDestinationMessages, type PayoutLine } from '@tmc/shared';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { BreakableText } from '../../../components/ui/breakable-text';

/** One row per affiliate: what they earned, what is taken off, what they get. */
export function PayoutLines({ lines, caption }: { lines: PayoutLine[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-2xl border-2 border-line">
      <table className="w-full min-w-[640px] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2">
          <tr>
            {['Affiliate', 'Payout destination', 'Earnings', 'Adjustments', 'Amount'].map(
              (header, index) => (
                <th
                  key={header}
                  scope="col"
                  className={`px-3 py-2.5 text-xs font-black tracking-wider text-muted uppercase ${index > 1 ? 'text-right' : 'text-left'}`}
                >
                  {header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.affiliate._id} className="border-t border-line/70">
              <td className="px-3 py-2.5">
                <span className="flex flex-col">
                  <span className="font-bold">{line.affiliate.name}</span>
                  <BreakableText text={line.affiliate.email} className="text-muted" />
                </span>
              </td>
              <td className="px-3 py-2.5 break-words">
                {line.destination ? destinationText(line.destination) : null}
                {line.heldReason === 'destination-changed' ? (
                  <span className="mt-1 flex flex-col items-start gap-0.5">
                    <Badge tone="danger">{payoutDestinationMessages.heldChanged}</Badge>
                    {line.heldUntil ? (
                      <span className="text-xs text-muted">
                        Paid in a batch made after {formatDateTime(line.heldUntil)}
                      </span>
                    ) : null}
                  </span>
                ) : null}
                {line.destination ? null : <Badge tone="danger">{destinationText(null)}</Badge>}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">
                {formatMoney(line.earnings, 'AUD')}
                <span className="block text-xs text-muted">
                  {line.earningsCount} earning{line.earningsCount === 1 ? '' : 's'}
                </span>
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">
                {formatMoney(line.adjustments, 'AUD')}
              </td>
              <td className="px-3 py-2.5 text-right font-bold tabular-nums">
                {formatMoney(line.amount, 'AUD')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
