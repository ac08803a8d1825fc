import { Component, type ReactNode } from 'react';
import { Link, type Location } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Mascot } from '../../components/ui/logo';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Last-resort screen for a failed page, e.g. a chunk that no longer exists after a deploy. */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <main className="container-page flex min-h-dvh flex-col items-center justify-center gap-5 py-16 text-center">
      <Mascot className="size-28 rotate-12" />
      <h1 className="text-4xl sm:text-5xl">Something went wrong</h1>
      <p className="max-w-md text-muted">
        The page could not be loaded. Reloading usually fixes it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Link to="/" reloadDocument className={buttonClasses('secondary')}>
          Back to home
        </Link>
      </div>
    </main>
  );
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  location: Location;
}

/** Shows RouteError instead of a page that failed to load or render, until the next navigation. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
