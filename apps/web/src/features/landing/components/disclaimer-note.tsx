import { Link } from 'react-router';

export function DisclaimerNote({ disclaimerHref }: { disclaimerHref: string }) {
  return (
    <section aria-labelledby="disclaimer-heading" className="container-page">
      <div className="flex flex-col gap-2 rounded-2xl border-2 border-dashed border-line p-5 text-sm text-muted">
        <h2 id="disclaimer-heading" className="font-sans text-base font-bold text-fg">
          Just for fun
        </h2>
        <p>
          TMC is a meme token for entertainment. It is not a financial product, not an investment
          and not financial advice, and its value can fall to nothing. You must be 18 or older to
          buy TMC.{' '}
          <Link to={disclaimerHref} className="font-bold text-cyan underline underline-offset-2">
            Read the disclaimer
          </Link>
        </p>
      </div>
    </section>
  );
}
