import { useState } from 'react';
import { LateOfferConsent } from '../../features/purchases/components/late-offer-consent';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The token of the mailed link (`#token=…`), taken out of the address bar. */
function takeToken(): string | null {
  const token = /(?:^#|&)token=([\w-]+)/.exec(window.location.hash)?.[1] ?? null;
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/** /late-offer: the e-mailed link of an order at today's price for a late bank payment. */
export function LateOfferRoute() {
  useDocumentTitle('Your late payment');
  const [token] = useState(takeToken);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl sm:text-4xl">Your late payment</h1>
      <LateOfferConsent token={token} />
    </div>
  );
}
