import { Link } from 'react-router';
import { CheckIcon } from '../../../components/ui/icons';
import { Mascot } from '../../../components/ui/logo';

const perks = [
  '20% commission on presales made through your link',
  'Weekly payouts',
  'No cost to join',
  'Marketing content ready to share',
];

interface AffiliateBlockProps {
  signupHref: string;
  termsHref: string;
}

export function AffiliateBlock({ signupHref, termsHref }: AffiliateBlockProps) {
  return (
    <section aria-labelledby="affiliate-heading" className="container-page">
      <div className="relative overflow-hidden rounded-[var(--radius-chunky)] border-2 border-ink bg-lime p-6 text-ink shadow-chunky sm:p-10">
        <Mascot className="absolute -right-6 -bottom-8 hidden size-64 rotate-12 md:block" />
        <div className="relative flex max-w-xl flex-col gap-4">
          <h2 id="affiliate-heading" className="text-3xl sm:text-4xl">
            Become an Affiliate
          </h2>
          <p className="font-semibold">
            Love the memes? Share TMC with your people and earn for every presale that comes through
            your link.
          </p>
          <ul className="grid gap-2">
            {perks.map((perk) => (
              <li key={perk} className="flex items-center gap-2 font-semibold">
                <CheckIcon className="shrink-0 text-xl" />
                {perk}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <Link
              to={signupHref}
              className="inline-flex min-h-12 items-center rounded-full border-2 border-ink bg-ink px-6 font-bold text-lime transition hover:bg-surface focus-visible:outline-ink"
            >
              Become an Affiliate
            </Link>
            <Link
              to={termsHref}
              className="rounded font-bold underline underline-offset-4 focus-visible:outline-ink"
            >
              Read the affiliate terms
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
