import { PaymentMode } from '@tmc/shared';
import { BreakableText } from '../../../components/ui/breakable-text';
import { CopyButton } from '../../../components/ui/copy-button';
import { ExplorerLink } from '../../../components/ui/explorer-link';
import { withAll } from '../../../components/ui/paged-list';
import { formatDateTime, shortHash } from '../../../lib/format';

/** The staff lists' payment mode filter. */
export const paymentModeOptions = withAll([
  { value: String(PaymentMode.Bank), label: 'Bank' },
  { value: String(PaymentMode.Crypto), label: 'Crypto' },
]);

/** An account in a staff row: the name in bold over the e-mail. */
export function PersonCell({ name, email }: { name: string; email: string }) {
  return (
    <span className="flex flex-col">
      <span className="font-bold">{name}</span>
      <BreakableText text={email} className="text-muted" />
    </span>
  );
}

/** When a row was made, with the order's reference under it (one column less at 1280 px). */
export function DateAndReference({
  date,
  reference,
  className,
}: {
  date: string;
  reference: string | null | undefined;
  className: string;
}) {
  return (
    <span className="flex flex-col">
      <span>{formatDateTime(date)}</span>
      {reference ? <code className={className}>{reference}</code> : null}
    </span>
  );
}

/** A transaction hash or address, shortened, linked to the explorer, with a copy button. */
export function HashLink({
  value,
  kind,
  copyLabel,
}: {
  value: string;
  kind: 'tx' | 'address';
  copyLabel: string;
}) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <ExplorerLink kind={kind} value={value}>
        <code className="font-mono" title={value}>
          {shortHash(value)}
        </code>
      </ExplorerLink>
      <CopyButton value={value} iconOnly ariaLabel={copyLabel} />
    </span>
  );
}
