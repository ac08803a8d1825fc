import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { ExternalLinkIcon } from '../../../components/ui/icons';
import { Mascot } from '../../../components/ui/logo';
import { Sparkle } from './sparkle';

interface HeroProps {
  /** The token's name from the presale settings, when it is more than the symbol. */
  tokenName?: string;
  buyHref: string;
  whitePaperUrl: string;
}

export function Hero({ tokenName, buyHref, whitePaperUrl }: HeroProps) {
  return (
    <section aria-labelledby="hero-heading" className="bg-glow overflow-x-clip">
      <div className="container-page grid items-center gap-10 py-10 sm:py-16 md:grid-cols-[1.15fr_0.85fr] md:py-20 lg:py-24">
        <div className="flex flex-col items-start gap-6">
          <span className="rounded-full border-2 border-pink bg-pink/10 px-3 py-1 text-xs font-black tracking-widest text-pink uppercase">
            Meme token presale
          </span>
          <div>
            <h1 id="hero-heading" className="text-display text-lime drop-shadow-[0_6px_0_#000]">
              TMC
            </h1>
            <p className="mt-3 font-display text-xl font-black sm:text-2xl">
              {tokenName && tokenName !== 'TMC' ? tokenName : 'The meme coin with a grin'}
            </p>
          </div>
          <p className="max-w-xl text-lg text-muted">
            No big promises and no charts to stare at: just memes, good vibes and a community that
            gets the joke. Pick up TMC in the presale by bank transfer, ETH or USDC, and come and
            have some fun with us.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={buyHref} className={buttonClasses('primary', 'lg')}>
              Buy TMC
            </Link>
            <a
              href={whitePaperUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'lg')}
            >
              Read the White Paper
              <ExternalLinkIcon />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
          <p className="text-sm font-semibold text-muted">
            For fun, not financial advice · 18+ only
          </p>
        </div>
        <div className="relative mx-auto w-full max-w-xs sm:max-w-sm md:max-w-none">
          <div
            aria-hidden="true"
            className="absolute inset-[6%] rounded-full border-4 border-dashed border-line motion-safe:animate-[spin_40s_linear_infinite]"
          />
          <Sparkle className="absolute top-[8%] left-[6%] size-8 text-cyan" />
          <Sparkle className="absolute right-[4%] bottom-[18%] size-10 text-pink" />
          <Sparkle className="absolute top-[2%] right-[22%] size-5 text-lime" />
          <Mascot
            title="Tammy, the TMC mascot"
            className="relative mx-auto aspect-square w-[78%] -rotate-6 drop-shadow-[0_12px_0_#000]"
          />
        </div>
      </div>
    </section>
  );
}
