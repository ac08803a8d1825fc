import { describe, expect, it } from 'vitest';
import { commissionExample, commissionFor, TIER1_RATE, TIER2_RATE } from '@tmc/shared';
import {
  planEarnings,
  type ChainMember,
  type ReferralChain,
} from '../src/modules/affiliates/earnings-plan.ts';
import {
  approvedBy,
  lastCompletePeriod,
  PAYOUT_EPOCH,
} from '../src/modules/affiliates/payout-period.ts';
import { csvText } from '../src/lib/csv.ts';
import { payoutCsv } from '../src/modules/affiliates/payout-csv.ts';
import { rateText } from '../src/modules/affiliates/earning-dto.ts';
import { fraudSignalsOf, mailboxOf } from '../src/modules/admin/fraud-signals.ts';
import { isLegalTransition } from '../src/modules/admin/purchase-transitions.ts';

describe('commissionFor: the arithmetic the ledger and the terms share', () => {
  it('pays 20% of the sale on tier 1 and 10% of (sale − 20%) on tier 2', () => {
    expect(commissionFor('1250.00')).toEqual({
      tier1: { tier: 1, rate: TIER1_RATE, base: '1250.00', amount: '250.00' },
      tier2: { tier: 2, rate: TIER2_RATE, base: '1000.00', amount: '100.00' },
    });
  });

  it("gives the terms' worked example at $1,000,000 in sales", () => {
    const { tier1, tier2 } = commissionFor('1000000');
    expect(tier1.amount).toBe('200000.00');
    expect(tier2.base).toBe('800000.00');
    expect(tier2.amount).toBe('80000.00');
    // The terms page shows commissionExample: the same code path, the same figures.
    expect(commissionExample(1_000_000)).toEqual({
      sales: '1000000.00',
      directCommission: '200000.00',
      influencerNet: '800000.00',
      introducerCommission: '80000.00',
    });
  });

  it('rounds half up to the cent, and the tier 2 base is the sale less tier 1 as rounded', () => {
    // 20% of 50.03 = 10.006 → 10.01; net 40.02; 10% = 4.002 → 4.00
    expect(commissionFor('50.03')).toMatchObject({
      tier1: { amount: '10.01' },
      tier2: { base: '40.02', amount: '4.00' },
    });
    // The sale is in cents first (0.025 → 0.03); 20% of 0.03 = 0.006 → 0.01
    expect(commissionFor('0.025').tier1).toMatchObject({ base: '0.03', amount: '0.01' });
    // Half a cent goes up: sale 0.06, tier 1 0.01, net 0.05, 10% of it = 0.005 → 0.01
    expect(commissionFor('0.0625').tier2).toMatchObject({ base: '0.05', amount: '0.01' });
    // 20% of 833.33 = 166.666 → 166.67; net 666.66 → 66.666 → 66.67
    expect(commissionFor('833.33')).toMatchObject({
      tier1: { amount: '166.67' },
      tier2: { base: '666.66', amount: '66.67' },
    });
  });

  it('never goes through floats', () => {
    expect(commissionFor('0.15').tier1.amount).toBe('0.03');
    expect(commissionFor('123456789012345.67').tier1.amount).toBe('24691357802469.13');
  });
});

const member = (id: string, over: Partial<ChainMember> = {}): ChainMember => ({
  id,
  email: `${id}@example.com`,
  name: id,
  isAffiliated: true,
  isInfluencer: false,
  ...over,
});

const chain = (over: Partial<ReferralChain>): ReferralChain => ({
  buyerId: 'buyer',
  affiliate: null,
  introducer: null,
  ...over,
});

describe('planEarnings', () => {
  it('is empty for a buyer nobody referred, or referred by someone who is not an affiliate', () => {
    expect(planEarnings(chain({}), '100')).toEqual([]);
    expect(planEarnings(chain({ affiliate: member('a', { isAffiliated: false }) }), '100')).toEqual(
      [],
    );
  });

  it('pays tier 1 only when the affiliate is not an influencer', () => {
    const plan = planEarnings(chain({ affiliate: member('a'), introducer: member('i') }), '100');
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatchObject({
      tier: 1,
      rate: '0.20',
      baseAmount: '100.00',
      affiliateEarning: '20.00',
      referredUserId: 'buyer',
      affiliate: { id: 'a' },
    });
  });

  it('adds tier 2 for the introducer of an approved influencer, on the influencer net', () => {
    const plan = planEarnings(
      chain({ affiliate: member('inf', { isInfluencer: true }), introducer: member('intro') }),
      '1000',
    );
    expect(
      plan.map((p) => [
        p.tier,
        p.affiliate.id,
        p.baseAmount,
        p.rate,
        p.affiliateEarning,
        p.referredUserId,
      ]),
    ).toEqual([
      [1, 'inf', '1000.00', '0.20', '200.00', 'buyer'],
      [2, 'intro', '800.00', '0.10', '80.00', 'inf'],
    ]);
  });

  it('pays no tier 2 to an introducer who is not an affiliate, nor to nobody', () => {
    const influencer = member('inf', { isInfluencer: true });
    expect(
      planEarnings(
        chain({ affiliate: influencer, introducer: member('x', { isAffiliated: false }) }),
        '10',
      ),
    ).toHaveLength(1);
    expect(planEarnings(chain({ affiliate: influencer }), '10')).toHaveLength(1);
  });

  it('never pays anyone on their own purchase', () => {
    expect(planEarnings(chain({ affiliate: member('buyer') }), '10')).toEqual([]);
    const plan = planEarnings(
      chain({ affiliate: member('inf', { isInfluencer: true }), introducer: member('buyer') }),
      '10',
    );
    expect(plan.map((p) => p.tier)).toEqual([1]);
  });
});

describe('payout periods', () => {
  const day = 24 * 60 * 60 * 1000;

  it('cuts tier 1 at the last Monday 00:00 UTC that has passed, a week long', () => {
    const wednesday = new Date('2025-06-11T15:00:00Z');
    expect(lastCompletePeriod(1, wednesday)).toEqual({
      start: new Date('2025-06-02T00:00:00Z'),
      end: new Date('2025-06-09T00:00:00Z'),
    });
    // On the cut-off itself, the period that just ended is complete.
    expect(lastCompletePeriod(1, new Date('2025-06-09T00:00:00Z')).end).toEqual(
      new Date('2025-06-09T00:00:00Z'),
    );
  });

  it('cuts tier 2 every 14 days from the epoch', () => {
    const period = lastCompletePeriod(2, new Date('2025-06-11T15:00:00Z'));
    expect(period.end.getTime() - period.start.getTime()).toBe(14 * day);
    expect((period.end.getTime() - PAYOUT_EPOCH.getTime()) % (14 * day)).toBe(0);
    expect(period.end.getTime()).toBeLessThanOrEqual(new Date('2025-06-11T15:00:00Z').getTime());
    expect(period.end.getTime()).toBeGreaterThan(
      new Date('2025-06-11T15:00:00Z').getTime() - 14 * day,
    );
  });

  it('counts a commission when it was approved by the cut-off', () => {
    expect(approvedBy(new Date('2025-06-09T00:00:00Z'), 7)).toEqual(
      new Date('2025-06-02T00:00:00Z'),
    );
  });
});

describe('payout CSV', () => {
  it('quotes every field, doubles quotes, and defuses formulas wherever a cell may start', () => {
    expect(csvText('plain')).toBe('"plain"');
    expect(csvText('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvText('Jo "the rocket"')).toBe('"Jo ""the rocket"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('@cmd')).toBe(`"'@cmd"`);
    // A spreadsheet that splits on ";" (or tab, pipe, comma, a line break) sees a second cell.
    expect(csvText('Bob;=1+2')).toBe(`"Bob;'=1+2"`);
    expect(csvText('Bob; +cmd|calc')).toBe(`"Bob; '+cmd|calc"`);
    expect(csvText('a\t-2+3')).toBe(`"a\t'-2+3"`);
    expect(csvText('x|@SUM(A1)')).toBe(`"x|'@SUM(A1)"`);
    expect(csvText('line\n=1')).toBe(`"line\n'=1"`);
    expect(csvText('\tlead')).toBe(`"'\tlead"`);
    // Inside a cell they are plain text.
    expect(csvText('jo-anne+tmc@example.com')).toBe('"jo-anne+tmc@example.com"');
  });

  it('writes a quoted header and one CRLF line per affiliate', () => {
    const csv = payoutCsv([
      {
        name: 'Ada, Countess',
        email: 'ada@example.com',
        walletAddress: null,
        destination: 'AUD bank: Ada, BSB 062-000, account 12345678',
        amount: '20.00',
      },
      {
        name: 'Bob;=1+2',
        email: 'bob@example.com',
        walletAddress: '0xabc',
        destination: 'Wallet 0xabc',
        amount: '1.50',
      },
    ]);
    expect(csv).toBe(
      '"affiliate","email","wallet","payout_destination","amount_aud"\r\n"Ada, Countess","ada@example.com","","AUD bank: Ada, BSB 062-000, account 12345678","20.00"\r\n"Bob;\'=1+2","bob@example.com","0xabc","Wallet 0xabc","1.50"\r\n',
    );
  });
});

describe('rates on the wire', () => {
  it('look like the shared constants', () => {
    expect(rateText('0.2000')).toBe('0.20');
    expect(rateText('0.1000')).toBe('0.10');
    expect(rateText('0.1250')).toBe('0.125');
  });
});

describe('fraud signals', () => {
  const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const buyer = { email: 'buyer@example.com', walletAddress: null, signupIpHash: 'ip-1' };
  const affiliate = { email: 'aff@example.com', walletAddress: wallet, signupIpHash: 'ip-2' };

  it('finds nothing for strangers', () => {
    expect(
      fraudSignalsOf({
        buyer,
        buyerWallets: [],
        earners: [{ role: 'affiliate', party: affiliate }],
      }),
    ).toEqual([]);
  });

  it('flags a shared wallet (profile, purchase or paying address, any case)', () => {
    for (const input of [
      { buyer: { ...buyer, walletAddress: wallet }, buyerWallets: [] },
      { buyer, buyerWallets: [wallet.toLowerCase()] },
      { buyer, buyerWallets: [null, wallet.toUpperCase().replace('0X', '0x')] },
    ]) {
      const signals = fraudSignalsOf({
        ...input,
        earners: [{ role: 'affiliate', party: affiliate }],
      });
      expect(signals.map((s) => s.code)).toEqual(['shared-wallet']);
      expect(signals[0]!.message).toContain('aff@example.com');
    }
  });

  it('flags the same sign-up IP and another spelling of the same mailbox', () => {
    const signals = fraudSignalsOf({
      buyer: { email: 'A.D.A+presale@Gmail.com', walletAddress: null, signupIpHash: 'ip-2' },
      buyerWallets: [],
      earners: [
        {
          role: 'introducer',
          party: { email: 'ada@googlemail.com', walletAddress: null, signupIpHash: 'ip-2' },
        },
      ],
    });
    expect(signals.map((s) => s.code)).toEqual(['same-signup-ip', 'same-mailbox']);
    expect(signals[0]!.message).toContain('introducer');
  });

  it('treats mailboxes as the providers do', () => {
    expect(mailboxOf('Jo.Smith+tmc@gmail.com')).toBe('josmith@gmail.com');
    expect(mailboxOf('jo.smith+tmc@example.com')).toBe('jo.smith@example.com');
  });
});

describe('review transitions', () => {
  it('allow only Pending → Accepted, Rejected, Not Accepted and Accepted → Reverted', () => {
    const legal: [number, number][] = [];
    for (let from = 0; from <= 4; from++)
      for (let to = 0; to <= 4; to++) if (isLegalTransition(from, to)) legal.push([from, to]);
    expect(legal).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 4],
    ]);
  });
});
