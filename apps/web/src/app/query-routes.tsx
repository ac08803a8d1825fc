import { isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, type Location, type RouteObject } from 'react-router';

const loadQueryScope = () => import('./query-scope');

/**
 * React.lazy for a component that uses TanStack Query: every page except home, and parts only
 * signed-in people see. The data library loads with their code, so the home page never downloads it.
 * `preload` fetches the code ahead of the first render.
 */
export function lazyWithQuery<P extends object>(load: () => Promise<ComponentType<P>>) {
  type Loaded = { default: ComponentType<P> };
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), loadQueryScope()]).then(([Component, { QueryScope }]) => {
      loaded = {
        default: (props: P) => (
          <QueryScope>
            <Component {...props} />
          </QueryScope>
        ),
      };
      return loaded;
    }));
  // A promise settles a tick later, so React would suspend once even on loaded code; a thenable
  // that answers at once lets a preloaded page hydrate its HTML in the first pass.
  const settled = (value: Loaded) =>
    ({ then: (resolve: (value: Loaded) => void) => resolve(value) }) as unknown as Promise<Loaded>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}

/** Loads the code of the lazy pages `location` shows, e.g. before hydrating their HTML. */
export async function preloadPages(routes: RouteObject[], location: Partial<Location>) {
  const matches = matchRoutes(routes, location) ?? [];
  const loads = matches.flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : null;
    const preload = (type as { preload?: () => Promise<unknown> } | null)?.preload;
    return preload ? [preload()] : [];
  });
  await Promise.all(loads);
}
