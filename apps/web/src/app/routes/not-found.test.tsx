import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render';
import { routes } from '../router';

describe('404 page', () => {
  it('answers unknown paths with Page not found and a way back home', async () => {
    const { router } = renderRoutes(routes, ['/no/such/page']);

    expect(
      await screen.findByRole('heading', { name: 'Page not found', level: 1 }),
    ).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Click to go back' });
    expect(back).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · TMC Presale'));

    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
