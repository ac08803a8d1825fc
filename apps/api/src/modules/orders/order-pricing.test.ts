import { describe, expect, it } from 'vitest';
import { messages, orderFigures, purchaseMessages } from '@tmc/shared';
import { AppError } from '../../lib/errors.ts';
import { priceOrder, type Market } from './order-pricing.ts';

const STAGE = { id: 'stage-1', name: 'Stage 1', priceAud: '0.02', endsAt: null };

const market: Market = {
  rates: { AUD: '1', EUR: '0.60', USD: '0.65', ETH: '0.0002', ZERO: '0' },
  stage: STAGE,
  minPurchaseAud: '50',
  hardCapAud: '100000',
  raisedAud: '0',
  endsAt: null,
  rateTimes: { AUD: new Date(0), EUR: new Date(0), USD: new Date(0), ETH: new Date() },
  rateMaxAgeMinutes: 30,
};

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return { status: (err as AppError).status, message: (err as AppError).message };
  }
  throw new Error('expected a failure');
};

describe('priceOrder', () => {
  it('converts with amount / rate[code] × rate[AUD] and freezes the token amount, rounded down', () => {
    expect(priceOrder({ userCurrency: 'eur', userAmount: '500' }, market)).toEqual({
      userCurrency: 'EUR',
      userAmount: '500',
      rate: '0.600000000000000000',
      rateAt: null,
      investmentAud: '833.33',
      tokenPriceAud: '0.02',
      stageId: 'stage-1',
      stageName: 'Stage 1',
      tokenAmount: '41666.500000000000000000',
    });
    // 1 ETH = A$5000; A$5000 / 0.03 = 166666.666… tokens, rounded down to 2 decimals.
    expect(
      priceOrder(
        { userCurrency: 'ETH', userAmount: '1' },
        { ...market, stage: { ...STAGE, priceAud: '0.03' } },
      ).tokenAmount,
    ).toBe('166666.660000000000000000');
  });

  it('gives the figures of the shared orderFigures: 100 EUR is A$166.67 and 8,333.50 tokens', () => {
    const order = priceOrder({ userCurrency: 'EUR', userAmount: '100' }, market);
    const figures = orderFigures('100', '0.60', '1', '0.02');
    expect(figures).toEqual({ aud: '166.67', tokens: '8333.50' });
    expect(order).toMatchObject({
      investmentAud: figures.aud,
      tokenAmount: '8333.500000000000000000',
    });
  });

  it('uses the AUD rate of the table when it is not 1', () => {
    const order = priceOrder(
      { userCurrency: 'EUR', userAmount: '120' },
      { ...market, rates: { AUD: '2', EUR: '1.2' } },
    );
    expect(order).toMatchObject({ investmentAud: '200.00', rate: '0.600000000000000000' });
  });

  it('accepts a client figure within 1% and refuses one beyond', () => {
    // Server: 1000 AUD exactly.
    const input = { userCurrency: 'EUR', userAmount: '600' };
    for (const clientAud of ['1000', '1010', '990', '1009.99'])
      expect(priceOrder({ ...input, clientAud }, market).investmentAud).toBe('1000.00');
    for (const clientAud of ['1010.01', '989.99', '0'])
      expect(failure(() => priceOrder({ ...input, clientAud }, market))).toEqual({
        status: 400,
        message: messages.ratesChanged,
      });
  });

  it('refuses unknown currencies and unusable rates', () => {
    for (const userCurrency of ['XYZ', 'ZERO'])
      expect(failure(() => priceOrder({ userCurrency, userAmount: '100' }, market))).toEqual({
        status: 400,
        message: purchaseMessages.unknownCurrency,
      });
    expect(
      failure(() =>
        priceOrder(
          { userCurrency: 'EUR', userAmount: '100' },
          { ...market, stage: { ...STAGE, priceAud: '0' } },
        ),
      ).status,
    ).toBe(503);
  });

  it('sells only while a stage is active and before its end (409)', () => {
    const order = { userCurrency: 'EUR', userAmount: '100' };
    const now = new Date('2026-01-01T00:00:00Z');
    for (const stage of [null, { ...STAGE, endsAt: now }])
      expect(failure(() => priceOrder(order, { ...market, stage }, now))).toEqual({
        status: 409,
        message: 'The presale is not selling right now',
      });
    const later = { ...STAGE, endsAt: new Date(now.getTime() + 1000) };
    expect(priceOrder(order, { ...market, stage: later }, now).stageId).toBe('stage-1');
  });

  it('applies the minimum to the AUD value and names it', () => {
    expect(failure(() => priceOrder({ userCurrency: 'EUR', userAmount: '29.99' }, market))).toEqual(
      { status: 400, message: 'The minimum purchase is A$50' },
    );
    expect(priceOrder({ userCurrency: 'EUR', userAmount: '30' }, market).investmentAud).toBe(
      '50.00',
    );
    expect(
      failure(() =>
        priceOrder(
          { userCurrency: 'AUD', userAmount: '70' },
          { ...market, minPurchaseAud: '75.5' },
        ),
      ).message,
    ).toBe('The minimum purchase is A$75.50');
  });

  it('refuses amounts too large for the books', () => {
    expect(
      failure(() => priceOrder({ userCurrency: 'AUD', userAmount: '1' + '0'.repeat(16) }, market)),
    ).toEqual({ status: 400, message: purchaseMessages.amountTooLarge });
  });

  it('refuses a crypto order whose rate is more than 30 minutes old with 503, and never a fiat one', () => {
    const at = new Date('2026-11-27T12:00:00Z');
    const minutesBefore = (m: number) => new Date(at.getTime() - m * 60_000);
    const withEthAt = (time: Date) => ({
      ...market,
      rateTimes: { ...market.rateTimes, ETH: time },
    });
    const eth = { userCurrency: 'ETH', userAmount: '0.02' };
    expect(priceOrder(eth, withEthAt(minutesBefore(30)), at).rateAt).toEqual(minutesBefore(30));
    expect(failure(() => priceOrder(eth, withEthAt(minutesBefore(30.5)), at))).toEqual({
      status: 503,
      message: 'Exchange rates are out of date, please try again in a few minutes',
    });
    // A coin with no time at all is as old as can be.
    expect(
      failure(() =>
        priceOrder({ userCurrency: 'ETH', userAmount: '0.02' }, { ...market, rateTimes: {} }, at),
      ).status,
    ).toBe(503);
    expect(
      priceOrder({ userCurrency: 'EUR', userAmount: '500' }, withEthAt(minutesBefore(600)), at)
        .rateAt,
    ).toBeNull();
  });

  it('refuses orders once the presale has ended', () => {
    const endsAt = new Date('2026-12-01T00:00:00Z');
    const order = { userCurrency: 'AUD', userAmount: '100' };
    expect(
      priceOrder(order, { ...market, endsAt }, new Date('2026-11-30T23:59:59Z')).investmentAud,
    ).toBe('100.00');
    expect(failure(() => priceOrder(order, { ...market, endsAt }, endsAt))).toEqual({
      status: 400,
      message: purchaseMessages.presaleEnded,
    });
  });

  it('refuses an order that would go over the hard cap', () => {
    const nearlyFull = { ...market, raisedAud: '99900' };
    expect(priceOrder({ userCurrency: 'AUD', userAmount: '100' }, nearlyFull).investmentAud).toBe(
      '100.00',
    );
    expect(
      failure(() => priceOrder({ userCurrency: 'AUD', userAmount: '100.01' }, nearlyFull)),
    ).toEqual({
      status: 400,
      message: purchaseMessages.hardCapReached,
    });
  });
});
