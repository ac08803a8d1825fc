import { PaymentMode } from '@tmc/shared';
import type { Column } from '../../../components/ui/data-table';
import { BreakableText } from '../../../components/ui/breakable-text';
import { withAll } from '../../../components/ui/paged-list';
import { formatDateTime } from '../../../lib/format';

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

export { HashLink } from '../../../components/ui/explorer-link';

/** A figure in bold over what it is in the buyer's own currency, when there is one. */
export function AmountCell({ amount, local }: { amount: string; local: string | null }) {
  return (
    <span className="flex flex-col whitespace-nowrap tabular-nums">
      <span className="font-bold">{amount}</span>
      {local ? <span className="text-muted">{local}</span> : null}
    </span>
  );
}

/** The staff lists' first two columns: when (with the order's reference) and who. */
export function whenAndWhoColumns<
  T extends { createdAt: string; reference: string | null; user: { name: string; email: string } },
>(
  when: { header: string; referenceClassName: string },
  who: { id: string; header: string },
): Column<T>[] {
  return [
    {
      id: 'createdAt',
      header: when.header,
      cell: (row) => (
        <DateAndReference
          date={row.createdAt}
          reference={row.reference}
          className={when.referenceClassName}
        />
      ),
      className: 'whitespace-nowrap',
    },
    {
      id: who.id,
      header: who.header,
      cell: (row) => <PersonCell name={row.user.name} email={row.user.email} />,
      className: 'min-w-36',
    },
  ];
}
