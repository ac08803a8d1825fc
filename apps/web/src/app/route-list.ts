import type { RouteObject } from 'react-router';

/** `handle` of a public page: prerendered to HTML at build time and listed in the sitemap. */
export const prerendered = { prerender: true } as const;

export interface RouteEntry {
  /** Full path pattern, e.g. "/token/buy", "/admin/*", "/*" for the catch-all. */
  path: string;
  prerender: boolean;
}

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every page the router knows, with its full path, read from the nested route objects. */
export function routeList(routes: RouteObject[], parent = ''): RouteEntry[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path ? join(parent, route.path) : parent;
    const handle = route.handle as { prerender?: boolean } | undefined;
    const entry =
      route.index || route.path ? [{ path: own, prerender: handle?.prerender === true }] : [];
    return [...entry, ...(route.children ? routeList(route.children, own) : [])];
  });
}
