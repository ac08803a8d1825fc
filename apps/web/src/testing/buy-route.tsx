import userEvent from '@testing-library/user-event';
import type { InitialEntry, RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { mockApi, type MockHandler } from './mock-api';
import { renderRoutes } from './render';

/**
 * Answers the API with `handlers` and renders `routes` beside stand-ins for the Buy and Presale
 * Requests pages, arriving at `entry` from the Buy page (as a buyer does).
 */
export function renderFromBuyPage(
  handlers: Record<string, MockHandler>,
  routes: RouteObject[],
  entry: InitialEntry,
) {
  const api = mockApi(handlers);
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      { path: paths.buy, element: <p>Buy page</p> },
      { path: paths.presaleRequests, element: <p>Requests page</p> },
      ...routes,
    ],
    [paths.buy, entry],
  );
  return { api, user, ...view };
}
