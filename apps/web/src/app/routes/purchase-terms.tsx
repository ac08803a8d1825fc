import { PurchaseTerms } from '../../features/purchases/components/purchase-terms';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PurchaseTermsRoute() {
  useDocumentTitle(
    'Purchase Terms',
    'TMC presale purchase terms: what you buy, when tokens are delivered, refunds, and how ID documents are kept.',
  );
  return (
    <section className="container-page py-10 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <p className="text-xs font-black tracking-widest text-pink uppercase">Buying TMC</p>
        <h1 className="mt-2 text-4xl sm:text-5xl">Purchase Terms</h1>
        <p className="mt-3 text-lg text-muted">
          The terms every TMC buyer accepts. Please read them in full before you buy.
        </p>
        <div className="card mt-8 p-5 sm:p-8">
          <PurchaseTerms headingLevel={2} />
        </div>
      </article>
    </section>
  );
}
