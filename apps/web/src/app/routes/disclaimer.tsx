import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-2xl text-fg">{title}</h2>
      {children}
    </section>
  );
}

const risks = [
  'TMC may be worth little or nothing, and whatever value it has can fall to zero at any time.',
  'The prices of meme tokens swing wildly and without warning.',
  'Blockchains, smart contracts and wallets can fail or be attacked. A lost private key or a transfer to a wrong address cannot be undone.',
  'People may pretend to be the TMC team. We will never ask for your private keys or seed phrase.',
  'Laws on crypto assets change, differ between countries and may limit what you can do with TMC where you live.',
  'Buying, holding or swapping tokens may have tax consequences for you.',
];

export function DisclaimerRoute() {
  useDocumentTitle(
    'Disclaimer',
    'The TMC disclaimer: a meme token for entertainment, not a financial product or financial advice, for buyers aged 18 or older, with the risks of crypto assets explained.',
  );
  return (
    <section className="container-page py-10 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <p className="text-xs font-black tracking-widest text-pink uppercase">The small print</p>
        <h1 className="mt-2 text-4xl sm:text-5xl">Disclaimer</h1>
        <p className="mt-3 text-lg text-muted">
          TMC is a meme token, made for fun and community. Please read this before you buy.
        </p>

        <div className="card mt-8 flex flex-col gap-8 p-5 leading-relaxed text-muted sm:p-8">
          <Part title="Not a financial product">
            <p>
              TMC is not a financial product, a security, an investment or a deposit. Buying it
              gives you no share in any company and no right to profits, dividends, interest, votes
              or any asset. It exists for entertainment and for the TMC community.
            </p>
          </Part>

          <Part title="Not financial advice">
            <p>
              Nothing on this website, in the white paper or in anything our team or our affiliates
              share is financial, investment, legal or tax advice. If you are unsure whether buying
              TMC is right for you, ask an independent adviser first.
            </p>
          </Part>

          <Part title="18 or older">
            <p>
              You must be 18 or older to buy TMC. By buying you confirm that you are, and that
              buying and holding TMC is allowed where you live.
            </p>
          </Part>

          <Part title="The risks of crypto assets">
            <ul className="flex list-disc flex-col gap-2 pl-5 marker:text-pink">
              {risks.map((risk) => (
                <li key={risk}>{risk}</li>
              ))}
            </ul>
            <p className="font-semibold text-fg">
              Only ever spend money you can afford to lose completely.
            </p>
          </Part>

          <Part title="No guarantee of listing or value">
            <p>
              We make no promise about what TMC will be worth, now or later, and no promise that it
              will be listed on any exchange or that anyone will buy it from you. Nothing we say
              about the token or the community is a prediction of its price.
            </p>
          </Part>

          <Part title="Swaps and affiliates">
            <p>
              The swap offer is a bit of fun for the community, not a way to recover losses from
              another project. Affiliates must follow the promotion rules in the{' '}
              <Link
                to={paths.affiliateDisclaimer}
                className="font-bold text-cyan underline underline-offset-2 hover:text-fg"
              >
                affiliate terms
              </Link>
              : fun, community and entertainment only, never investment talk.
            </p>
          </Part>

          <Part title="Changes">
            <p>
              This disclaimer and the{' '}
              <Link
                to={paths.whitePaper}
                className="font-bold text-cyan underline underline-offset-2 hover:text-fg"
              >
                white paper
              </Link>{' '}
              may be updated as the presale goes on. Please check back before each purchase.
            </p>
          </Part>
        </div>
      </article>
    </section>
  );
}
