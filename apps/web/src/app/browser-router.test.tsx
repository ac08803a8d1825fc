import { lazy, Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { presaleConfigFixture } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { AppRouter } from './browser-router';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './layouts/route-error';
import { AppRoutes } from './router';

let scrollTo: MockInstance<typeof window.scrollTo>;

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  scrollTo = vi.spyOn(window, 'scrollTo').mockClear();
});
afterEach(() => vi.restoreAllMocks());

/** Route objects under the app's browser router and its error boundary, as AppRoutes puts them. */
function Pages({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{useRoutes(routes)}</RouteErrorBoundary>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** The first visit to a page loads (and here compiles) its code: give it time. */
const LOAD = { timeout: 5_000 };

describe('the app in the browser', () => {
  beforeEach(() => mockApi({ 'GET /v1/presale/config': { data: presaleConfigFixture } }));

  const renderApp = () =>
    render(
      <AppRouter>
        <AppRoutes />
      </AppRouter>,
    );

  it('opens a new page at the top', async () => {
    renderApp();
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    fireEvent.click(nav.getByRole('link', { name: 'Buy TMC' }));

    expect(
      await screen.findByRole('heading', { name: 'Buy TMC', level: 1 }, LOAD),
    ).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('lets a footer link scroll smoothly to the top instead of jumping there', async () => {
    renderApp();
    const footer = within(await screen.findByRole('navigation', { name: 'Footer' }));
    fireEvent.click(footer.getByRole('link', { name: 'Disclaimer' }));

    expect(
      await screen.findByRole('heading', { name: 'Disclaimer', level: 1 }, LOAD),
    ).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('leaves the position to the browser on back and forward', async () => {
    renderApp();
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    fireEvent.click(nav.getByRole('link', { name: 'Buy TMC' }));
    await screen.findByRole('heading', { name: 'Buy TMC', level: 1 }, LOAD);
    scrollTo.mockClear();

    act(() => {
      window.history.back();
    });
    expect(await screen.findByRole('heading', { name: 'TMC', level: 1 })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('AppRouter', () => {
  it('keeps the old page under a loading bar while the next page loads', async () => {
    const code = deferred<{ default: () => React.JSX.Element }>();
    const Slow = lazy(() => code.promise);
    render(
      <AppRouter>
        <Pages
          routes={[
            {
              element: <RootLayout />,
              children: [
                {
                  element: (
                    <Suspense fallback={<p>Spinner</p>}>
                      <Outlet />
                    </Suspense>
                  ),
                  children: [
                    { path: '/', element: <Link to="/slow">Old page</Link> },
                    { path: '/slow', element: <Slow /> },
                  ],
                },
              ],
            },
          ]}
        />
      </AppRouter>,
    );

    fireEvent.click(screen.getByRole('link', { name: 'Old page' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Old page' })).toBeInTheDocument();
    expect(screen.queryByText('Spinner')).not.toBeInTheDocument();

    await act(async () => code.resolve({ default: () => <h1>New page</h1> }));
    expect(await screen.findByRole('heading', { name: 'New page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the error screen for a page that fails, until the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    render(
      <AppRouter>
        <Pages
          routes={[
            {
              element: (
                <Suspense>
                  <Outlet />
                </Suspense>
              ),
              children: [
                { path: '/', element: <Link to="/broken">Open</Link> },
                { path: '/broken', element: <Broken /> },
              ],
            },
          ]}
        />
      </AppRouter>,
    );

    fireEvent.click(screen.getByRole('link', { name: 'Open' }));
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Something went wrong · TMC Presale'));

    act(() => {
      window.history.back();
    });
    expect(await screen.findByRole('link', { name: 'Open' })).toBeInTheDocument();
  });
});
