import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useAdminRates, useSetAdminRates } from '../api/admin-rates';
import { ListHeader } from '../../../components/ui/list-toolbar';

const RATE = /^\d{1,20}(\.\d{1,18})?$/;
const CODE = /^[A-Z]{3,5}$/;

/** A rate the server will take: a positive decimal with at most 18 places. */
export const isValidRate = (value: string) => RATE.test(value.trim()) && /[1-9]/.test(value);

const cellInput =
  'min-h-10 w-40 rounded-xl border-2 border-line bg-surface-2 px-3 font-mono text-sm text-fg ' +
  'focus-visible:border-cyan aria-invalid:border-danger disabled:opacity-60';

/** Units of each currency per 1 AUD (the base, always 1); only edited codes are sent. */
export function AdminRates() {
  const query = useAdminRates();
  const save = useSetAdminRates();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [newCode, setNewCode] = useState('');
  const [newRate, setNewRate] = useState('');

  const changed = Object.entries(edits).filter(
    ([code, rate]) => query.data?.rates.find((row) => row.code === code)?.rate !== rate.trim(),
  );
  const invalid = changed.some(([, rate]) => !isValidRate(rate));

  async function send(rates: Record<string, string>, done: () => void) {
    try {
      const { message } = await save.mutateAsync(rates);
      toast.success(message || 'Rates saved');
      done();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  function onSave(event: FormEvent) {
    event.preventDefault();
    if (changed.length === 0 || invalid) return;
    void send(Object.fromEntries(changed.map(([code, rate]) => [code, rate.trim()])), () =>
      setEdits({}),
    );
  }

  function onAdd(event: FormEvent) {
    event.preventDefault();
    const code = newCode.trim().toUpperCase();
    if (!CODE.test(code) || !isValidRate(newRate)) return;
    void send({ [code]: newRate.trim() }, () => {
      setNewCode('');
      setNewRate('');
    });
  }

  let body;
  if (query.isPending) body = <PageSpinner label="Loading rates" />;
  else if (query.isError)
    body = (
      <LoadError title="Could not load the rates" error={query.error} onRetry={query.refetch} />
    );
  else {
    const needle = search.trim().toUpperCase();
    const rows = query.data.rates.filter((row) => row.code.includes(needle));
    body = (
      <>
        <form onSubmit={onSave} className="card overflow-hidden">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-sm">
              <caption className="sr-only">Currency rates, units per 1 AUD</caption>
              <thead className="bg-surface-2">
                <tr>
                  {['Currency', 'Units per 1 AUD', 'Updated'].map((header) => (
                    <th
                      key={header}
                      scope="col"
                      className="px-4 py-3 text-left text-xs font-black tracking-wider text-muted uppercase"
                    >
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const value = edits[row.code] ?? row.rate;
                  const bad = edits[row.code] !== undefined && !isValidRate(value);
                  return (
                    <tr key={row.code} className="border-t border-line/70">
                      <th scope="row" className="px-4 py-2.5 text-left font-mono font-bold">
                        {row.code}
                      </th>
                      <td className="px-4 py-2.5">
                        <input
                          aria-label={`${row.code} rate`}
                          inputMode="decimal"
                          value={value}
                          disabled={row.code === 'AUD' || save.isPending}
                          aria-invalid={bad || undefined}
                          onChange={(event) =>
                            setEdits((current) => ({ ...current, [row.code]: event.target.value }))
                          }
                          className={cellInput}
                        />
                      </td>
                      <td className="px-4 py-2.5 whitespace-nowrap text-muted">
                        {formatDateTime(row.updatedAt)}
                      </td>
                    </tr>
                  );
                })}
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={3} className="px-4 py-6 text-center text-muted">
                      No currency matches “{search}”.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t-2 border-line bg-surface-2/50 px-4 py-3">
            <p className={cn('text-sm', invalid ? 'text-danger' : 'text-muted')}>
              {invalid
                ? 'Rates must be positive numbers with at most 18 decimals.'
                : `${changed.length} change${changed.length === 1 ? '' : 's'}`}
            </p>
            <div className="flex gap-2">
              <Button
                variant="ghost"
                disabled={changed.length === 0 || save.isPending}
                onClick={() => setEdits({})}
              >
                Discard
              </Button>
              <Button
                type="submit"
                loading={save.isPending}
                disabled={changed.length === 0 || invalid}
              >
                Save rates
              </Button>
            </div>
          </div>
        </form>

        <form onSubmit={onAdd} className="card flex flex-col gap-3 p-5">
          <h2 className="text-xl">Add a currency</h2>
          <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
            <TextField
              label="Code"
              value={newCode}
              maxLength={5}
              onChange={(event) => setNewCode(event.target.value.toUpperCase())}
            />
            <TextField
              label="Units per 1 AUD"
              inputMode="decimal"
              value={newRate}
              onChange={(event) => setNewRate(event.target.value)}
            />
            <Button
              type="submit"
              variant="secondary"
              disabled={!CODE.test(newCode.trim()) || !isValidRate(newRate) || save.isPending}
            >
              Add
            </Button>
          </div>
        </form>
      </>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        title="Currency rates"
        count={query.data?.rates.length}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        filters={
          <TextField
            label="Find a currency"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        }
      />
      {body}
    </div>
  );
}
