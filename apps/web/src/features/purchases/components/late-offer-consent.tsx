import { useEffect, useRef, useState } from 'react';
import { lateOfferMessages, type LateOffer } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatMoney, formatTokenPrice } from '../../../lib/format';
import { useAcceptLateOffer, useReadLateOffer } from '../api/late-offer';

/** What an offer that can no longer be accepted says, by its state. */
const closedText: Partial<Record<LateOffer['state'], string>> = {
  expired: lateOfferMessages.expired,
  withdrawn: lateOfferMessages.withdrawn,
};

/**
 * The consent page of a late payment's offer: what the order would be at the price of the day,
 * and Accept. Nothing changes until the buyer presses it; a used or dead link says so.
 */
export function LateOfferConsent({ token }: { token: string | null }) {
  const read = useReadLateOffer();
  const accept = useAcceptLateOffer();
  const started = useRef(false);
  const [offer, setOffer] = useState<LateOffer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(token ? null : lateOfferMessages.linkInvalid);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    read.mutate(token, {
      onSuccess: ({ data }) => setOffer(data),
      onError: (error) => setFailed(error.message),
    });
  }, [token, read]);

  function consent() {
    if (!token) return;
    accept.mutate(token, {
      onSuccess: ({ data, message }) => {
        setOffer(data);
        setDone(message);
      },
      onError: (error) => setFailed(error.message),
    });
  }

  if (failed)
    return (
      <p role="alert" className="card p-5 sm:p-6">
        {failed}
      </p>
    );
  if (!offer)
    return (
      <p role="status" className="text-muted">
        One moment…
      </p>
    );

  const closed = closedText[offer.state];
  return (
    <div className="card flex flex-col gap-4 p-5 sm:p-6" data-testid="late-offer">
      <p>
        Your receipt for order <strong className="font-mono">{offer.reference}</strong> came after
        its payment window closed, so its price of {formatTokenPrice(offer.previousTokenPriceAud)}{' '}
        per {offer.tokenSymbol} no longer holds.
      </p>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-bold text-muted uppercase">Your payment</dt>
          <dd className="font-semibold tabular-nums">
            {formatMoney(offer.investmentAmount, 'AUD')}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold text-muted uppercase">Today&rsquo;s price</dt>
          <dd className="font-semibold tabular-nums">
            {formatTokenPrice(offer.tokenPriceAud)} per {offer.tokenSymbol} ({offer.stageName})
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold text-muted uppercase">Tokens</dt>
          <dd className="font-display text-2xl font-black text-lime tabular-nums">
            {formatMoney(offer.tokenAmount, offer.tokenSymbol)}
          </dd>
        </div>
      </dl>
      {offer.state === 'accepted' ? (
        <p role="status">{done ?? lateOfferMessages.alreadyAccepted}</p>
      ) : closed ? (
        <p role="alert">{closed}</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            Accept by {formatDateTime(offer.expiresAt)}. Nothing changes until you do; if you would
            rather have your money back, reply to our e-mail instead.
          </p>
          <Button className="sm:self-start" loading={accept.isPending} onClick={consent}>
            Accept the order at today&rsquo;s price
          </Button>
        </>
      )}
    </div>
  );
}
