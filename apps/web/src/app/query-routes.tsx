import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

const loadQueryScope = () => import('./query-scope');

/**
 * The router's routes with TanStack Query around every lazy page: the data library loads with
 * those pages' code, and the home page (not lazy) never downloads it.
 */
export function withQueryScope(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const next: RouteObject = { ...route };
    if (route.children) next.children = withQueryScope(route.children);
    const load = route.lazy;
    if (typeof load === 'function') {
      next.lazy = async () => {
        const [loaded, { QueryScope }] = await Promise.all([load(), loadQueryScope()]);
        const Page = loaded.Component;
        if (!Page) return loaded;
        return {
          ...loaded,
          Component: () => (
            <QueryScope>
              <Page />
            </QueryScope>
          ),
        };
      };
    }
    return next;
  });
}

/** React.lazy for a component that uses TanStack Query, e.g. one only signed-in people see. */
export function lazyWithQuery<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryScope }] = await Promise.all([load(), loadQueryScope()]);
    return {
      default: (props: P) => (
        <QueryScope>
          <Component {...props} />
        </QueryScope>
      ),
    };
  });
}
