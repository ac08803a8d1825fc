import {
  commissionExample,
  ratePercent,
  TIER1_PAYOUT_DAYS,
  TIER1_RATE,
  TIER2_PAYOUT_DAYS,
  TIER2_RATE,
} from '@tmc/shared';
import { TermsClause as Clause, TermsText } from '../../../components/ui/terms';
import { formatAmount } from '../../../lib/format';

const EXAMPLE_SALES = '1000000';

const dollars = (amount: string) => `$${formatAmount(amount, 2)}`;

interface AffiliateTermsProps {
  /** 2 on the disclaimer page (under its h1), 3 inside a dialog (under its h2 title). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The affiliate agreement (spec section 2, "Affiliate terms"): one text for the sign-up
 * terms modal, the profile's Become an Affiliate modal, the guest checkout and
 * /affiliate-disclaimer.
 */
export function AffiliateTerms({ headingLevel = 2, className }: AffiliateTermsProps) {
  const example = commissionExample(EXAMPLE_SALES);
  const tier1 = `${ratePercent(TIER1_RATE)}%`;
  const tier2 = `${ratePercent(TIER2_RATE)}%`;
  const clause = { headingLevel };

  return (
    <TermsText className={className}>
      <p>
        These terms are an agreement between you (the &ldquo;Affiliate&rdquo;) and TMC (the
        &ldquo;Company&rdquo;) about promoting the TMC token presale. By accepting them you confirm
        that you are 18 or older and that you agree to every clause below.
      </p>

      <Clause number={1} title="Engagement" {...clause}>
        <p>
          The Company engages you as an independent affiliate to promote the TMC presale. The
          engagement starts when you accept these terms and lasts for the duration of the presale,
          unless it ends earlier under clause 6. You are not an employee, agent or partner of the
          Company, and joining costs you nothing.
        </p>
      </Clause>

      <Clause number={2} title="Commission" {...clause}>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>
            <strong className="text-fg">Direct sales:</strong> {tier1} of every presale purchase
            made through your referral link, calculated monthly and paid weekly (every{' '}
            {TIER1_PAYOUT_DAYS} days) in arrears.
          </li>
          <li>
            <strong className="text-fg">Influencer introductions:</strong> when you introduce an
            influencer who is approved by a member of the Company&rsquo;s team, you earn {tier2} of
            that influencer&rsquo;s net contributions, that is their sales after the
            influencer&rsquo;s own {tier1} commission, paid fortnightly (every {TIER2_PAYOUT_DAYS}{' '}
            days).
          </li>
          <li>
            Every payment is subject to approval by the Company&rsquo;s finance team and to audit
            for fraud and chargebacks. Commission on a purchase that is refunded, reversed or
            charged back is not payable.
          </li>
        </ul>
        <figure className="mt-2 rounded-2xl border-2 border-line bg-surface-2 p-4">
          <figcaption className="mb-3 font-bold text-fg">
            Worked example: {dollars(example.sales)} in sales
          </figcaption>
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[1fr_auto]">
            <dt>
              Your direct commission ({tier1} of {dollars(example.sales)})
            </dt>
            <dd className="font-bold text-lime tabular-nums sm:text-right">
              {dollars(example.directCommission)}
            </dd>
            <dt>
              An influencer you introduced sells {dollars(example.sales)} and keeps their {tier1}
            </dt>
            <dd className="font-bold text-fg tabular-nums sm:text-right">
              {dollars(example.directCommission)}
            </dd>
            <dt>The influencer&rsquo;s net contributions</dt>
            <dd className="font-bold text-fg tabular-nums sm:text-right">
              {dollars(example.influencerNet)}
            </dd>
            <dt>
              Your introducer commission ({tier2} of {dollars(example.influencerNet)})
            </dt>
            <dd className="font-bold text-lime tabular-nums sm:text-right">
              {dollars(example.introducerCommission)}
            </dd>
          </dl>
        </figure>
      </Clause>

      <Clause number={3} title="Promotion rules" {...clause}>
        <p>
          <strong className="text-fg">Permitted:</strong> fun, community and entertainment language,
          always with the disclaimer &ldquo;TMC is a meme token. This is not financial
          advice.&rdquo;
        </p>
        <p>
          <strong className="text-fg">Prohibited:</strong>
        </p>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          <li>calling TMC an investment;</li>
          <li>promising or implying returns or profits;</li>
          <li>price predictions of any kind;</li>
          <li>urgency or pressure tactics, such as &ldquo;buy now before it is too late&rdquo;;</li>
          <li>false or misleading claims about TMC, the Company or the presale.</li>
        </ul>
      </Clause>

      <Clause number={4} title="Breach" {...clause}>
        <p>
          Any breach of these terms voids all of your pending commissions, brings your immediate
          dismissal from the affiliate programme and may lead to legal action by the Company.
        </p>
      </Clause>

      <Clause number={5} title="Marketing collateral" {...clause}>
        <p>
          The Company supplies marketing content for you to share. Use it as supplied: do not edit,
          crop, reword or combine it with your own claims.
        </p>
      </Clause>

      <Clause number={6} title="Termination" {...clause}>
        <p>
          Either party may end this agreement by giving 7 days&rsquo; written notice. The Company
          may end it immediately if you breach these terms. Commission earned and approved before
          the end of the agreement is paid in the usual cycle, except as clause 4 provides.
        </p>
      </Clause>

      <Clause number={7} title="Entire agreement" {...clause}>
        <p>
          These terms are the entire agreement between you and the Company about the affiliate
          programme. They replace any earlier discussion, promise or understanding on the subject.
        </p>
      </Clause>
    </TermsText>
  );
}
