import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  bankPurchaseSchema,
  compareDecimals,
  convertToAud,
  guestBankPurchaseSchema,
  purchaseMessages,
  tokensFor,
} from './purchases.ts';

const body = {
  investmentAmount: '833.3333',
  currency: 'AUD',
  userCurrency: 'EUR',
  userAmount: '500',
  receiptUrl: 'http://localhost/files/uploads/abc.png',
  receiptType: 'image',
  bankId: '0b6a3c1e-1111-4222-8333-944445555666',
};

function firstMessage(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('convertToAud', () => {
  it('divides by the currency rate and multiplies by the AUD rate, half up to 4 places', () => {
    expect(convertToAud('500', '0.60', '1')).toBe('833.3333');
    expect(convertToAud('100', '0.65')).toBe('153.8462');
    expect(convertToAud(1000, '98.5', '1')).toBe('10.1523');
    expect(convertToAud('250.5', '1', '1')).toBe('250.5000');
  });

  it('is exact where floats are not', () => {
    // 0.1 + 0.2 style drift would give 0.30000000000000004.
    expect(convertToAud('0.3', '1', '1', 20)).toBe('0.30000000000000000000');
    expect(convertToAud('0.0003', '0.0002', '1', 2)).toBe('1.50');
  });

  it('refuses text that is not a decimal and a zero rate', () => {
    expect(() => convertToAud('abc', '1')).toThrow(RangeError);
    expect(() => convertToAud('-5', '1')).toThrow(RangeError);
    expect(() => convertToAud('5', '0')).toThrow(RangeError);
  });
});

describe('tokensFor and compareDecimals', () => {
  it('rounds tokens down', () => {
    expect(tokensFor('833.3333', '0.02', 2)).toBe('41666.66');
    expect(tokensFor('100', '0.03', 4)).toBe('3333.3333');
    expect(tokensFor('50', '0.02')).toBe('2500.000000000000000000');
  });

  it('compares exactly', () => {
    expect(compareDecimals('49.9999', '50')).toBe(-1);
    expect(compareDecimals('50.00', '50')).toBe(0);
    expect(compareDecimals(50.01, '50')).toBe(1);
  });
});

describe('bankPurchaseSchema', () => {
  it('takes a full body, numbers and MIME types included', () => {
    const result = bankPurchaseSchema.parse({
      ...body,
      investmentAmount: 833.3333,
      userAmount: 500,
      receiptType: 'image/png',
      wallet: '',
      userRemark: '  ',
      billingDoc: 'http://localhost/files/uploads/b.pdf',
      billingDocType: 'application/pdf',
    });
    expect(result).toMatchObject({
      investmentAmount: '833.3333',
      userAmount: '500',
      receiptType: 'image',
      billingDocType: 'pdf',
    });
    expect(result.wallet).toBeUndefined();
    expect(result.userRemark).toBeUndefined();
  });

  it("answers the spec's messages", () => {
    const result = bankPurchaseSchema.safeParse({
      ...body,
      receiptUrl: '',
      receiptType: undefined,
      bankId: undefined,
      wallet: '0x123',
    });
    expect(firstMessage(result)).toMatchObject({
      receiptUrl: messages.receipt,
      receiptType: messages.receiptType,
      bankId: messages.bank,
      wallet: messages.walletFormat,
    });
    expect(
      firstMessage(bankPurchaseSchema.safeParse({ ...body, receiptType: 'text/plain' })),
    ).toEqual({
      receiptType: messages.receiptType,
    });
  });

  it('checks amounts and currencies', () => {
    const result = bankPurchaseSchema.safeParse({
      ...body,
      investmentAmount: '0',
      currency: 'EUR',
      userCurrency: 'ETH',
    });
    expect(firstMessage(result)).toEqual({
      investmentAmount: messages.investmentAmount,
      currency: messages.bankCurrency,
      userCurrency: messages.fiatCurrency,
    });
  });

  it('wants the kind of every attached document, and pdf for the billing document', () => {
    const result = bankPurchaseSchema.safeParse({
      ...body,
      documentUrlBack: 'http://x/b.png',
      billingDoc: 'http://x/c.pdf',
    });
    expect(firstMessage(result)).toEqual({
      documentType: purchaseMessages.documentType,
      billingDocType: purchaseMessages.billingDocType,
    });
    expect(
      firstMessage(
        bankPurchaseSchema.safeParse({
          ...body,
          billingDoc: 'http://x/c.png',
          billingDocType: 'image',
        }),
      ),
    ).toEqual({
      billingDocType: messages.pdfOnly,
    });
  });
});

describe('guestBankPurchaseSchema', () => {
  it('needs e-mail and password, and a name only for a new account', () => {
    expect(
      firstMessage(
        guestBankPurchaseSchema.safeParse({ ...body, email: '', password: '', name: ' ' }),
      ),
    ).toEqual({
      email: messages.guestEmail,
      password: messages.guestPassword,
      name: messages.guestName,
    });
    const login = guestBankPurchaseSchema.parse({
      ...body,
      email: ' Jo@Example.com ',
      password: 'secret1',
    });
    expect(login).toMatchObject({ email: 'jo@example.com', password: 'secret1' });
    expect(login.name).toBeUndefined();
  });

  it('gives a new account the sign-up password rule', () => {
    expect(
      firstMessage(
        guestBankPurchaseSchema.safeParse({
          ...body,
          email: 'jo@example.com',
          password: 'short',
          name: 'Jo',
        }),
      ),
    ).toEqual({
      password: messages.signupPassword,
    });
  });
});
