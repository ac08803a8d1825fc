import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, auditRecordName, auditValue } from './audit-text';

describe('audit log text', () => {
  it('shows a review as status names, not numbers', () => {
    expect(
      auditChanges({
        entity: 'purchase',
        // Stored JSON puts remark before status; the status still comes first.
        before: { remark: null, status: 0 },
        after: { remark: 'Paid in full', status: 1 },
      }),
    ).toEqual([
      { field: 'status', label: 'Status', before: 'Pending', after: 'Accepted' },
      { field: 'remark', label: 'Remark', before: '—', after: 'Paid in full' },
    ]);
  });

  it('labels fields, says Yes/No and leaves unchanged fields out', () => {
    expect(
      auditChanges({
        entity: 'user',
        before: { isInfluencer: false, role: 'user' },
        after: { isInfluencer: true, role: 'user' },
      }),
    ).toEqual([{ field: 'isInfluencer', label: 'Influencer', before: 'No', after: 'Yes' }]);
    expect(
      auditChanges({
        entity: 'settings',
        before: { minConfirmations: 2 },
        after: { minConfirmations: 3 },
      })[0]?.label,
    ).toBe('Min confirmations');
    expect(
      auditChanges({ entity: 'currency_rates', before: { EUR: '0.6' }, after: { EUR: '0.61' } })[0]
        ?.label,
    ).toBe('EUR');
  });

  it('covers a created record (nothing before)', () => {
    expect(auditChanges({ entity: 'bank', before: null, after: { bankName: 'Westpac' } })).toEqual([
      { field: 'bankName', label: 'Bank name', before: '—', after: 'Westpac' },
    ]);
  });

  it('names actions and records as staff know them', () => {
    expect(auditActionLabel('purchase.status')).toBe('Presale request reviewed');
    expect(auditActionLabel('payout.reopen')).toBe('Payout.reopen');
    expect(
      auditRecordName({
        entityId: 'b3c1f0e2-1111-4a4a-8888-123456789abc',
        reference: 'TMC-7K2P9Q',
      }),
    ).toBe('TMC-7K2P9Q');
    expect(
      auditRecordName({ entityId: 'b3c1f0e2-1111-4a4a-8888-123456789abc', reference: null }),
    ).toBe('b3c1f0e2…');
    expect(auditRecordName({ entityId: null, reference: null })).toBeNull();
    // An unmatched payment is named by its transaction hash, shortened (the full one is the title).
    expect(
      auditRecordName({
        entityId: 'b3c1f0e2-1111-4a4a-8888-123456789abc',
        reference: `0x9fa3${'0'.repeat(56)}b7c4`,
      }),
    ).toBe('0x9fa3…b7c4');
    expect(auditValue('payout', 'status', 'paid')).toBe('Paid');
  });
});
