import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatFigure, orderFigures, type PurchaseReview } from '@tmc/shared';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { ReviewDetails } from '../../features/admin/components/review-details';
import { clearSession } from '../../lib/session';
import { presaleConfigFixture, purchaseReviewFixture } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { renderRoutes, renderWithClient } from '../../testing/render';
import { BuyRoute } from './buy';
import { BuyBankRoute } from './buy-bank';

const rates = { AUD: '1', EUR: '0.60', USD: '0.65', ETH: '0.0002', USDC: '0.65' };
// The figures of the one shared rounding; the API stores and e-mails these (order-figures API test).
const figures = orderFigures('100', rates.EUR, rates.AUD, presaleConfigFixture.tokenPriceAud);
const audText = `${formatFigure(figures.aud)} AUD`;
const tokenText = `${formatFigure(figures.tokens)} ${presaleConfigFixture.tokenSymbol}`;

/** The stored order as GET /v1/admin/purchases answers it (tokens on the wire have 18 decimals). */
const review: PurchaseReview = {
  ...purchaseReviewFixture,
  investmentAmount: figures.aud,
  tokenAmount: `${figures.tokens}0000000000000000`,
  userAmount: '100.000000000000000000',
  userCurrency: 'EUR',
  reference: 'TMC-7K3Q9',
  bank: { bankName: 'Demo Bank of Australia' },
};

afterEach(() => {
  act(() => toast.clear());
  clearSession();
  vi.restoreAllMocks();
});

describe('one order, one figure', () => {
  it('the buy page, the bank page and the staff view show the same AUD and token figures', async () => {
    expect(figures).toEqual({ aud: '166.67', tokens: '3333.40' });
    mockApi({
      'GET /v1/currency-rate/getCurrency': { data: { base: 'AUD', rates, updatedAt: '' } },
      'GET /v1/bank/getBankDetailsByCurrency/AUD': { data: [] },
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: paths.buy, element: <BuyRoute /> },
        { path: paths.buyBank, element: <BuyBankRoute /> },
      ],
      [paths.buy],
    );

    await screen.findByPlaceholderText(/Search a currency/);
    await user.type(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await user.click(screen.getByRole('option', { name: /^EUR/ }));
    await user.type(screen.getByLabelText('Amount'), '100');
    const buyFigures = screen.getByText('Converted amount').closest('dl') as HTMLElement;
    expect(within(buyFigures).getByText(audText)).toBeInTheDocument();
    expect(within(buyFigures).getByText(tokenText)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Bank Transfer' }));
    const bankAmount = (await screen.findByRole('heading', { name: '1. Your order' }))
      .parentElement as HTMLElement;
    expect(within(bankAmount).getByText(audText)).toBeInTheDocument();
    expect(within(bankAmount).getByText(tokenText)).toBeInTheDocument();
    expect(within(bankAmount).queryByText(/166\.6667/)).not.toBeInTheDocument();

    renderWithClient(<ReviewDetails review={review} />);
    expect(screen.getByText('Investment').nextElementSibling).toHaveTextContent(audText);
    expect(screen.getByText('Tokens').nextElementSibling).toHaveTextContent(tokenText);
  });
});
