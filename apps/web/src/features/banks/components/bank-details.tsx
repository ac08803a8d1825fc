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
          <div key={row.label} className="flex items-center gap-3 px-4 py-2.5">
            <div className="min-w-0 flex-1">
              <dt className="text-xs font-bold tracking-wide text-muted uppercase">{row.label}</dt>
              <dd className="font-semibold break-words text-fg">{row.value}</dd>
            </div>
            <CopyButton value={row.value} iconOnly ariaLabel={`Copy ${row.label}`} />
          </div>
        ))}
    </dl>
  );
}
