import { Link } from 'react-router';
import { isAwaitingPayment, PaymentMode, PurchaseStatus } from '@tmc/shared';
import { PurchaseStatusBadge } from '../../../components/ui/status-badges';
import { paths, presaleRequestPath } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { useMyPurchases } from '../api/get-my-purchases';

const linkClass = 'rounded font-bold text-cyan underline underline-offset-4 hover:text-lime';

/** How many Pending requests are read; the link to Presale Requests covers any more. */
const PENDING_PAGE = 10;

/**
 * A bank transfer becomes a transaction only once staff accept it (API.md: acceptance creates
 * the Success transaction), so the Transactions page points at the bank orders still Pending:
 * awaiting payment or in review, each with its page.
 */
export function PendingBankOrders() {
  const query = useMyPurchases({ page: 1, limit: PENDING_PAGE, status: PurchaseStatus.Pending });
  const orders = (query.data?.data ?? []).filter((p) => p.paymentMode === PaymentMode.Bank);
  if (orders.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-bank-orders"
      className="flex flex-col gap-3 rounded-2xl border-2 border-cyan/60 bg-cyan/5 p-4 text-sm"
    >
      <h2 id="pending-bank-orders" className="text-lg">
        Bank transfers in progress
      </h2>
      <p className="text-muted">
        A bank transfer shows here as a transaction once our team has accepted its payment. Until
        then, follow it under Presale Requests:
      </p>
      <ul className="flex flex-col gap-2">
        {orders.map((order) => (
          <li key={order._id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link to={presaleRequestPath(order._id)} className={`${linkClass} font-mono`}>
              {order.reference}
            </Link>
            <span className="font-semibold tabular-nums">
              {formatMoney(order.investmentAmount, 'AUD')}
            </span>
            <PurchaseStatusBadge status={order.status} awaitingPayment={isAwaitingPayment(order)} />
          </li>
        ))}
      </ul>
      <Link to={paths.presaleRequests} className={`${linkClass} self-start`}>
        All presale requests
      </Link>
    </section>
  );
}
