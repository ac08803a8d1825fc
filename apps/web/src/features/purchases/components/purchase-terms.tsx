import { DELIVERY_WALLET_STATEMENT } from '@tmc/shared';
import { TermsClause as Clause, TermsText } from '../../../components/ui/terms';
import { documentsKept, documentsWhy } from './documents-note';

interface PurchaseTermsProps {
  /** 2 on /purchase-terms (under its h1), 3 inside a dialog (under its h2 title). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The buyer's terms: one text for the sign-up and checkout terms modal and /purchase-terms.
 * What it says about delivery must match the white paper's "Delivery of your tokens".
 */
export function PurchaseTerms({ headingLevel = 2, className }: PurchaseTermsProps) {
  const clause = { headingLevel };
  return (
    <TermsText className={className}>
      <p>
        These terms apply to every purchase in the TMC presale. They are an agreement between you
        (the &ldquo;Buyer&rdquo;) and TMC (the &ldquo;Company&rdquo;). By accepting them you confirm
        that you are 18 or older, that buying TMC is allowed where you live, and that you agree to
        every clause below. They are separate from the affiliate programme agreement, which applies
        only to affiliates.
      </p>

      <Clause number={1} title="What you buy" {...clause}>
        <p>
          You buy an allocation of TMC tokens in the presale. The number of tokens is your purchase
          in Australian dollars divided by the presale price, fixed when you place your order. The
          presale is sold in stages and the price can change from one stage to the next; an order
          keeps the price it was placed at, whatever the price of later orders. TMC is a meme token
          for fun and community: it is not a share, an investment or a deposit, it pays nothing for
          holding it, and nobody promises what it will be worth or that it will be listed anywhere.
        </p>
      </Clause>

      <Clause number={2} title="Review of your request" {...clause}>
        <p>
          Every presale request is checked by our team before tokens are allocated: the payment must
          have arrived, in full, and match your order. You can follow each request under Presale
          Requests and Transactions in your account. Tokens are allocated to you only once the
          request is Accepted.
        </p>
      </Clause>

      <Clause number={3} title="When and how tokens are delivered" {...clause}>
        <p>{DELIVERY_WALLET_STATEMENT}</p>
      </Clause>

      <Clause number={4} title="Refunds" {...clause}>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>
            A request that is Rejected, Not Accepted or Reverted gets no tokens. Money we received
            for it is returned: bank transfers to the account they came from, and crypto payments by
            our staff to the wallet they came from, less the network fee.
          </li>
          <li>
            To ask about a refund, contact support with your payment reference. Once a request is
            Accepted and tokens are allocated, the purchase is final.
          </li>
        </ul>
      </Clause>

      <Clause number={5} title="Identity and AML documents" {...clause}>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>
            <strong className="text-fg">What they are for:</strong> {documentsWhy}
          </li>
          <li>
            <strong className="text-fg">How we keep them:</strong> {documentsKept}
          </li>
        </ul>
      </Clause>

      <Clause number={6} title="Risks" {...clause}>
        <p>
          TMC may be worth little or nothing. Only spend money you can afford to lose completely.
          The white paper describes the presale and its risks in full; where it and these terms
          differ, these terms apply to your purchase.
        </p>
      </Clause>
    </TermsText>
  );
}
