import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tmc/shared';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { mockApi } from '../../testing/mock-api';
import { renderRoutes } from '../../testing/render';
import { BuyRoute } from './buy';

const rates = {
  base: 'AUD',
  rates: { AUD: '1', EUR: '0.60', USD: '0.65', ETH: '0.0002', USDC: '0.65' },
  updatedAt: '2025-03-01T00:00:00.000Z',
};

function NextScreen() {
  const location = useLocation();
  return (
    <p>
      Next {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

function renderBuy(url: string = paths.buy) {
  mockApi({ 'GET /v1/currency-rate/getCurrency': { data: rates } });
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      { path: paths.buy, element: <BuyRoute /> },
      { path: paths.buyBank, element: <NextScreen /> },
      { path: paths.buyCrypto, element: <NextScreen /> },
    ],
    [url],
  );
  return { user, ...view };
}

const amount = () => screen.getByLabelText('Amount');
const currency = () => screen.getByRole('combobox', { name: 'Currency' });
const bankButton = () => screen.getByRole('button', { name: 'Bank Transfer' });
const cryptoButton = () => screen.getByRole('button', { name: 'Crypto Transfer' });

async function chooseFiat(user: ReturnType<typeof userEvent.setup>, code: string) {
  await screen.findByPlaceholderText(/Search a currency/);
  await user.type(currency(), code);
  await user.click(screen.getByRole('option', { name: new RegExp(`^${code}`) }));
}

/** The toasts on screen, newest last. */
function toasts() {
  const region = screen.getByRole('region', { name: 'Notifications' });
  return within(region)
    .queryAllByText(/./, { selector: 'span:not(.sr-only)' })
    .map((node) => node.textContent);
}

afterEach(() => {
  act(() => toast.clear());
  vi.restoreAllMocks();
});

describe('Buy page', () => {
  it("checks Bank Transfer in the spec's order with its messages", async () => {
    const { user } = renderBuy();
    expect(amount()).toBeDisabled();

    await user.click(bankButton());
    expect(toasts()).toEqual([messages.investmentAmount]);

    await chooseFiat(user, 'EUR');
    expect(amount()).toBeEnabled();
    await user.type(amount(), '500');
    act(() => toast.clear());
    await user.click(bankButton());
    expect(toasts()).toEqual([messages.buyDisclaimer]);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Clear currency' }));
    expect(amount()).toBeDisabled();
    act(() => toast.clear());
    await user.click(bankButton());
    expect(toasts()).toEqual([messages.fiatCurrency]);
  });

  it('converts to AUD to the cent and shows the tokens and the minimum', async () => {
    const { user } = renderBuy();
    await chooseFiat(user, 'EUR');
    await user.type(amount(), '500');

    expect(screen.getByText('833.33 AUD')).toBeInTheDocument();
    // 833.33 / 0.05 per token, rounded down.
    expect(screen.getByText('16,666.60 TMC')).toBeInTheDocument();
    expect(screen.getByText('50.00 AUD')).toBeInTheDocument();
  });

  it('takes digits only, with at most 2 decimals for fiat', async () => {
    const { user } = renderBuy();
    await chooseFiat(user, 'USD');
    await user.type(amount(), '12a.345');
    expect(amount()).toHaveValue('12.34');
  });

  it('accepts and rejects the disclaimer', async () => {
    const { user } = renderBuy();
    await chooseFiat(user, 'EUR');
    await user.type(amount(), '500');

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('status')).toHaveTextContent('Accepted');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('status')).toHaveTextContent('Not accepted yet');

    await user.click(bankButton());
    expect(toasts()).toEqual([messages.buyDisclaimer]);
  });

  it('enables Bank Transfer for fiat and Crypto Transfer for ETH or USDC', async () => {
    const { user } = renderBuy();
    await chooseFiat(user, 'EUR');
    expect(bankButton()).toBeEnabled();
    expect(cryptoButton()).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /ETH/ }));
    expect(bankButton()).toBeDisabled();
    expect(cryptoButton()).toBeEnabled();
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /USDC/ }));
    expect(cryptoButton()).toBeEnabled();

    // Choosing a crypto currency reset the fiat code.
    await user.click(screen.getByRole('radio', { name: /FIAT/ }));
    expect(currency()).toHaveValue('');
    expect(amount()).toBeDisabled();
  });

  it('makes the button the chosen currency allows the primary one (m13)', async () => {
    const { user } = renderBuy();
    await chooseFiat(user, 'EUR');
    expect(bankButton()).toHaveAttribute('data-variant', 'primary');
    expect(cryptoButton()).toHaveAttribute('data-variant', 'secondary');

    await user.click(screen.getByRole('radio', { name: /ETH/ }));
    expect(cryptoButton()).toHaveAttribute('data-variant', 'primary');
    expect(bankButton()).toHaveAttribute('data-variant', 'secondary');
  });

  it('goes to the bank screen with the route state and the referral code', async () => {
    const { user, router } = renderBuy(`${paths.buy}?referral_code=JAMIE20`);
    await chooseFiat(user, 'EUR');
    await user.type(amount(), '500');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(bankButton());

    expect(router.state.location.pathname).toBe(paths.buyBank);
    expect(router.state.location.search).toBe('?referral_code=JAMIE20');
    expect(router.state.location.state).toEqual({
      price: '500',
      userCurrency: 'EUR',
      convertedAmount: '833.33',
      tokens: '16666.60',
      currency: 'AUD',
    });
  });

  it('goes to the crypto screen with price and currency', async () => {
    const { user, router } = renderBuy();
    await screen.findByPlaceholderText(/Search a currency/);
    await user.click(screen.getByRole('radio', { name: /ETH/ }));
    await user.click(cryptoButton());
    expect(toasts()).toEqual([messages.investmentAmount]);

    await user.type(amount(), '0.5');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(cryptoButton());

    expect(router.state.location.pathname).toBe(paths.buyCrypto);
    expect(router.state.location.state).toEqual({ price: '0.5', currency: 'ETH' });
  });

  it('stops below the minimum purchase', async () => {
    const { user, router } = renderBuy();
    await chooseFiat(user, 'EUR');
    await user.type(amount(), '10');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(bankButton());

    expect(toasts()).toEqual(['The minimum purchase is A$50']);
    expect(router.state.location.pathname).toBe(paths.buy);
  });
});
