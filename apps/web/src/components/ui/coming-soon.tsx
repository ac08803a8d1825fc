import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './button';
import { Mascot } from './logo';

interface ComingSoonProps {
  /** The page's name, shown as its heading. */
  title: string;
  description?: ReactNode;
  /** Where the "back" button leads; home by default. */
  backTo?: string;
  backLabel?: string;
}

/** Placeholder for a page whose screen is still being built: never a blank page. */
export function ComingSoon({
  title,
  description,
  backTo = '/',
  backLabel = 'Back to home',
}: ComingSoonProps) {
  return (
    <section className="container-page py-12 sm:py-20">
      <div className="card relative mx-auto flex max-w-2xl flex-col items-center gap-5 overflow-hidden px-6 py-12 text-center sm:px-12">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-64 rounded-full bg-pink/15 blur-3xl"
        />
        <Mascot className="size-24 -rotate-6 drop-shadow-[0_6px_0_#000]" />
        <span className="rounded-full border-2 border-cyan px-3 py-1 text-xs font-black tracking-widest text-cyan uppercase">
          Coming soon
        </span>
        <h1 className="text-4xl sm:text-5xl">{title}</h1>
        <p className="max-w-md text-muted">
          {description ?? 'This page is being polished and will be ready shortly.'}
        </p>
        <Link to={backTo} className={buttonClasses('secondary', 'md', 'mt-2')}>
          {backLabel}
        </Link>
      </div>
    </section>
  );
}
