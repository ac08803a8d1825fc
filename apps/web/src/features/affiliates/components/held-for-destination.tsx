import { PAYOUT_DESTINATION_ANCHOR, payoutDestinationMessages } from '@tmc/shared';
import { usePayoutDestination } from '../api/payout-destination';

/** True once we know the affiliate has given no payout destination: their payouts are held. */
export function useHeldForDestination(): boolean {
  const query = usePayoutDestination();
  return query.isSuccess && query.data.destination === null;
}

/** "Held until you add a payout destination", with a link to the form on this page. */
export function HeldForDestination({ className }: { className?: string }) {
  return (
    <span className={className}>
      {payoutDestinationMessages.heldForAffiliate}:{' '}
      <a
        href={`#${PAYOUT_DESTINATION_ANCHOR}`}
        className="rounded font-bold text-cyan underline underline-offset-4 hover:text-lime"
      >
        {payoutDestinationMessages.addDestination}
      </a>
    </span>
  );
}
