import { Link } from 'react-router';
import type { OrderDelivery } from '@tmc/shared';
import { paths } from '../../../config/paths';
import { formatDateTime, formatMoney, shortHash } from '../../../lib/format';

/** What the order page says of an accepted order's tokens: delivered, ready to claim, held or coming. */
export function OrderDeliveryNote({
  delivery,
  tokens,
  tokenSymbol,
}: {
  delivery: OrderDelivery;
  tokens: string;
  tokenSymbol: string;
}) {
  const amount = formatMoney(tokens, tokenSymbol);
  const epoch = delivery.epoch === null ? '' : ` (epoch ${delivery.epoch})`;
  const link = (
    <Link to={paths.delivery} className="font-bold underline">
      Delivery
    </Link>
  );
  let text;
  switch (delivery.state) {
    case 'claimed':
      text = (
        <>
          Delivered: {amount} claimed on {formatDateTime(delivery.claimedAt)} in{' '}
          <code className="font-mono" title={delivery.claimedTx ?? undefined}>
            {shortHash(delivery.claimedTx ?? '')}
          </code>
          {epoch}.
        </>
      );
      break;
    case 'published':
      text = (
        <>
          Ready to claim
          {delivery.publishedAt ? ` since ${formatDateTime(delivery.publishedAt)}` : ''}
          {epoch}: claim your {amount} on the {link} page.
        </>
      );
      break;
    case 'held':
      text = (
        <>
          Held: your {amount} wait for a delivery wallet. Prove a wallet with Sign-In with Ethereum,
          or choose one of your proven wallets, on the {link} page.
        </>
      );
      break;
    default:
      text = (
        <>
          Not delivered yet: your {amount} will be claimable on the {link} page once the next
          distribution is published.
        </>
      );
  }
  return (
    <p data-testid="order-delivery" data-state={delivery.state}>
      {text}
    </p>
  );
}
