import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../lib/session';
import { presaleConfigFixture, tokensFixture, userFixture } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { NOT_FOUND_PATH, pages, serverPage } from './entry-server';
import { startApp } from './start-app';

const api = () => mockApi({ 'GET /v1/presale/config': { data: presaleConfigFixture } });

const prerendered = pages.filter((page) => page.prerender).map((page) => page.path);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/**
 * Puts the prerendered page in the document at `url` and starts the app on it. The build's
 * renderer cannot share this process with the browser's (both set the same context objects), so
 * the HTML comes from renderToString, which entry-server.test.tsx shows gives the same markup.
 */
async function hydrate(pathname: string, url = pathname) {
  const html = renderToString(await serverPage(pathname, {}));
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  // Development React reports every mismatch, attributes included, as a console error.
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    root = await startApp(container);
  });
  return { container, errors };
}

describe('prerendered pages', () => {
  it('are the public routes of the router', () => {
    expect(prerendered).toEqual([
      '/',
      '/token/buy',
      '/white-paper',
      '/disclaimer',
      '/affiliate-disclaimer',
      '/purchase-terms',
      '/login',
      '/signup',
    ]);
  });

  it.each(prerendered)('%s hydrates without a mismatch', async (pathname) => {
    api();
    const { container, errors } = await hydrate(pathname);
    expect(container.querySelector('h1')).not.toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrates the catch-all, the 404 page, on any unknown path', async () => {
    api();
    const { errors } = await hydrate(NOT_FOUND_PATH, '/no/such/page');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrates a referral link and a signed-in visitor, then shows their view', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    api();
    const { errors } = await hydrate('/', '/?referral_code=MEME42');
    expect(errors).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: /account menu/i })).toBeInTheDocument();
  });

  it('enables a prerendered form once it runs and fills what the browser knows', async () => {
    api();
    const { errors } = await hydrate('/signup', '/signup?referral_code=MEME42');
    expect(errors).not.toHaveBeenCalled();
    const field = await screen.findByDisplayValue('MEME42');
    expect(field.closest('fieldset')).not.toBeDisabled();
  });
});
