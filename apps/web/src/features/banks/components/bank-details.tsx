import type { Bank } from '@tmc/shared';
import { CopyButton } from '../../../components/ui/copy-button';

interface BankDetailsProps {
  bank: Bank;
}

/** The account to pay into, each value with its own copy button. */
export function BankDetails({ bank }: BankDetailsProps) {
  const rows: { label: string; value: string | undefined }[] = [
    { label: 'Bank Name', value: bank.bankName },
    { label: 'Account Holder', value: bank.accountHolder },
    { label: 'BIC', value: bank.BIC },
    { label: 'BSB / Routing Number', value: bank.RoutingNumber },
    { label: 'Account Number', value: bank.accountNumber },
  ];
  return (
    <dl className="divide-y divide-line/70 rounded-2xl border-2 border-line bg-surface-2">
      {rows
        .filter((row): row is { label: string; value: string } => !!row.value)
        .map((row) => (
          // A <dl> row holds only its <dt> and <dd>s: the copy button is a second <dd>.
          <div
            key={row.label}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 px-4 py-2.5"
          >
            <dt className="text-xs font-bold tracking-wide text-muted uppercase">{row.label}</dt>
            <dd className="col-start-1 font-semibold break-words text-fg">{row.value}</dd>
            <dd className="col-start-2 row-span-2 row-start-1">
              <CopyButton value={row.value} iconOnly ariaLabel={`Copy ${row.label}`} />
            </dd>
          </div>
        ))}
    </dl>
  );
}
