import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';

const YEAR = new Date().getFullYear();

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.buy, label: 'Buy Token' },
  { to: paths.disclaimer, label: 'Disclaimer' },
  { to: paths.purchaseTerms, label: 'Purchase Terms' },
];

/**
 * Spec: each footer link scrolls the page smoothly to the top. The links keep the router's
 * scroll restoration from resetting the position (preventScrollReset), which would jump there.
 */
function scrollToTop() {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t-2 border-line bg-surface">
      <div className="container-page flex flex-col gap-8 py-10 md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-md flex-col gap-3">
          <Logo />
          <p className="text-sm text-muted">
            TMC is a meme token for fun and community. It is not a financial product, an investment
            or financial advice. Buyers must be 18 or older.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  preventScrollReset
                  onClick={scrollToTop}
                  className="rounded font-bold text-fg underline-offset-4 hover:text-lime hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line/60">
        <p className="container-page py-4 text-xs text-muted">© {YEAR} TMC. All rights reserved.</p>
      </div>
    </footer>
  );
}
