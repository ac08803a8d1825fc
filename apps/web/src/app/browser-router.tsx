import {
  createContext,
  useLayoutEffect,
  useRef,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  NavigationType,
  type Location,
  type Navigator,
} from 'react-router';

/** True while the next page's code loads (root-layout.tsx shows a bar); never on the server. */
export const PageLoadingContext = createContext(false);

interface RouterState {
  action: NavigationType;
  location: Location;
}

/** Moves to the top of a new page, or to the element its #hash names. */
function scrollToPage(location: Location) {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * React Router's BrowserRouter with what the pages expect on top: a navigation is a transition,
 * so the old page stays (PageLoadingContext says so) while the next page's code loads; a new page
 * (push or replace) starts at the top unless its link says `preventScrollReset`; back and forward
 * keep the browser's own scroll restoration.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState<RouterState>({
    action: history.action,
    location: history.location,
  });
  const [loading, startTransition] = useTransition();
  const keepScroll = useRef(false);
  const [navigator] = useState<Navigator>(() => ({
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state, options) {
      keepScroll.current = options?.preventScrollReset === true;
      history.push(to, state);
    },
    replace(to, state, options) {
      keepScroll.current = options?.preventScrollReset === true;
      history.replace(to, state);
    },
  }));

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) =>
        startTransition(() => setState({ action, location })),
      ),
    [history],
  );

  useLayoutEffect(() => {
    if (state.action === NavigationType.Pop) return;
    if (keepScroll.current) keepScroll.current = false;
    else scrollToPage(state.location);
  }, [state]);

  return (
    <PageLoadingContext value={loading}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </PageLoadingContext>
  );
}
