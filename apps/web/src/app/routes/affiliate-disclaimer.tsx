import { AffiliateTerms } from '../../features/affiliates/components/affiliate-terms';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AffiliateDisclaimerRoute() {
  useDocumentTitle('Affiliate Disclaimer');
  return (
    <section className="container-page py-10 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <p className="text-xs font-black tracking-widest text-pink uppercase">
          Affiliate programme
        </p>
        <h1 className="mt-2 text-4xl sm:text-5xl">Affiliate Disclaimer</h1>
        <p className="mt-3 text-lg text-muted">
          The terms every TMC affiliate accepts. Please read them in full before you share your
          referral link.
        </p>
        <div className="card mt-8 p-5 sm:p-8">
          <AffiliateTerms headingLevel={2} />
        </div>
      </article>
    </section>
  );
}
