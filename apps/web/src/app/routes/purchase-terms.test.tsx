import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { renderRoutes } from '../../testing/render';
import { SiteFooter } from '../layouts/site-footer';
import { PurchaseTermsRoute } from './purchase-terms';
import { SignupRoute } from './signup';

describe('purchase terms', () => {
  it("open from sign-up's Terms and Conditions, not the affiliate agreement, and Accept ticks the box", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: paths.signup, element: <SignupRoute /> }], [paths.signup]);

    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(terms).toHaveAccessibleDescription('Purchase terms for TMC buyers');
    for (const heading of [
      /What you buy/,
      /When and how tokens are delivered/,
      /Refunds/,
      /Identity and AML documents/,
    ])
      expect(within(terms).getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(within(terms).queryByRole('heading', { name: /Commission/ })).not.toBeInTheDocument();
    expect(
      within(terms).getByRole('link', { name: 'Open the purchase terms in a new tab' }),
    ).toHaveAttribute('href', paths.purchaseTerms);

    await user.click(within(terms).getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('checkbox', { name: /accept the Terms and Conditions/ })).toBeChecked();
  });

  it('have their own page with its title and description, linked from the footer', () => {
    renderRoutes(
      [
        {
          path: paths.purchaseTerms,
          element: (
            <>
              <PurchaseTermsRoute />
              <SiteFooter />
            </>
          ),
        },
      ],
      [paths.purchaseTerms],
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase Terms' })).toBeInTheDocument();
    expect(document.title).toBe('Purchase Terms · TMC Presale');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /when tokens are delivered, refunds/,
    );
    expect(
      screen.getByText(/to a wallet you proved is yours with Sign-In with Ethereum/),
    ).toBeInTheDocument();
    expect(screen.getByText(/signed links that expire after a few minutes/)).toBeInTheDocument();
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(footer.getByRole('link', { name: 'Purchase Terms' })).toHaveAttribute(
      'href',
      paths.purchaseTerms,
    );
  });
});
