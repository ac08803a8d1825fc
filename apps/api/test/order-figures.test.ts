import { describe, expect, it } from 'vitest';
import { compareDecimals, formatFigure, orderFigures } from '@tmc/shared';
import { as, useAffiliatesApp } from './affiliates-helpers.ts';
import { audBankId, bankBody, upload } from './purchases-helpers.ts';

const { app, box, admin, person } = useAffiliatesApp();

describe('one figure per order', () => {
  it('stores, e-mails and shows staff the AUD and token figures of the shared orderFigures', async () => {
    const { rates } = (await app().inject('/v1/currency-rate/getCurrency')).json().data;
    const config = (await app().inject('/v1/presale/config')).json().data;
    const figures = orderFigures('100', rates.EUR, rates.AUD, config.tokenPriceAud);
    // The seeded market: 100 EUR is A$166.67 and 8,333.50 tokens (not 8,333.33, not 8,333.5).
    expect(figures).toEqual({ aud: '166.67', tokens: '8333.50' });

    const buyer = await person({ name: 'Figure Buyer' });
    const { link } = await upload(app());
    const created = await as(app(), buyer).post(
      '/v1/purchase/add',
      bankBody(await audBankId(app()), link, { userAmount: '100', investmentAmount: figures.aud }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const stored = created.json().data.purchase;
    expect(stored.investmentAmount).toBe(figures.aud);
    expect(compareDecimals(stored.tokenAmount, figures.tokens)).toBe(0);

    const mail = await box().next(buyer.email, /presale request/);
    expect(mail.text).toContain(
      `We have your presale request ${stored.reference} for ${formatFigure(figures.tokens)} ${config.tokenSymbol}. Please transfer A$${formatFigure(figures.aud)} (for 100.00 EUR) to this account:`,
    );
    expect(formatFigure(figures.tokens)).toBe('8,333.50');

    const listed = await as(app(), admin()).get(
      `/v1/admin/purchases?email=${encodeURIComponent(buyer.email)}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const [review] = listed.json().data.data;
    expect(review).toMatchObject({ _id: stored._id, investmentAmount: figures.aud });
    expect(compareDecimals(review.tokenAmount, figures.tokens)).toBe(0);
  });
});
