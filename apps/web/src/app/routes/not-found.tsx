import { Link } from 'react-router';
import { messages } from '@tmc/shared';
import { buttonClasses } from '../../components/ui/button';
import { Mascot } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle(messages.pageNotFound);
  return (
    <section className="container-page flex flex-col items-center gap-5 py-16 text-center sm:py-24">
      <div className="relative">
        <p
          aria-hidden="true"
          className="font-display text-[clamp(6rem,30vw,12rem)] leading-none font-black text-surface-3"
        >
          404
        </p>
        <Mascot className="absolute -right-6 -bottom-2 size-24 rotate-12 sm:size-32" />
      </div>
      <h1 className="text-4xl sm:text-5xl">{messages.pageNotFound}</h1>
      <p className="max-w-md text-muted">This page does not exist, or it has moved.</p>
      <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
        {messages.goBack}
      </Link>
    </section>
  );
}
