import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Mascot } from '../../components/ui/logo';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Last-resort screen for a failed page, e.g. a chunk that no longer exists after a deploy. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'The page could not be loaded. Reloading usually fixes it.';
  return (
    <main className="container-page flex min-h-dvh flex-col items-center justify-center gap-5 py-16 text-center">
      <Mascot className="size-28 rotate-12" />
      <h1 className="text-4xl sm:text-5xl">Something went wrong</h1>
      <p className="max-w-md text-muted">{detail}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Link to="/" reloadDocument className={buttonClasses('secondary')}>
          Back to home
        </Link>
      </div>
    </main>
  );
}
