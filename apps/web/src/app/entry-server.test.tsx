import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PATH, pages, render, serverPage } from './entry-server';

const prerendered = pages.filter((page) => page.prerender).map((page) => page.path);

describe('prerender', () => {
  it.each(prerendered)('%s is the page itself, as hydration.test.tsx hydrates it', async (path) => {
    const page = await render(path);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<h1[ >]/);
    // Inline: no script reveals it, so it reads the same without JavaScript.
    expect(page.html).not.toContain('<script');
    expect(page.html).toBe(renderToString(await serverPage(path, {})));
  });

  it('renders the catch-all with status 404 for an unknown path', async () => {
    const page = await render(NOT_FOUND_PATH);
    expect(page.status).toBe(404);
    expect(page.head.title).toBe('Page not found · TMC Presale');
    expect(page.html).toContain('Page not found');
  });

  it('carries each page title and description into the head', async () => {
    const home = await render('/');
    expect(home.head.title).toBe('Home · TMC Presale');
    expect(home.head.description).toMatch(/^TMC, the meme coin with a grin/);
    expect((await render('/login')).head.title).toBe('Affiliate Login · TMC Presale');
  });

  it('keeps a form disabled until its script runs', async () => {
    const { html } = await render('/signup');
    expect(html).toContain('<fieldset disabled=""');
  });
});
