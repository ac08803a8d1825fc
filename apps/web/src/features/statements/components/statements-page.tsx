import { useSession } from '../../../lib/session';
import { StatementDownload } from './statement-download';

/** "Statements": what the buyer bought and got back in a year, for their tax return. */
export function StatementsPage() {
  const { user } = useSession();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl sm:text-4xl">Statements</h1>
      <section className="card flex flex-col gap-4 p-5 sm:p-6" aria-label="Download a statement">
        <p className="text-muted">
          A statement lists every order accepted in the period, with the amount and currency you
          paid, its value in AUD at the order&apos;s price, the tokens and the price, and every
          refund or revert with its AUD value. Its totals are the sums of its lines. An Australian
          financial year runs from 1 July to 30 June; dates are read in this device&apos;s time
          zone.
        </p>
        {user ? <StatementDownload since={user.createdAt} /> : null}
      </section>
    </div>
  );
}
