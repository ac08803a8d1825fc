import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminIdentityReview } from '@tmc/shared';
import type { MockHandler } from '../../../testing/mock-api';
import { pageOf } from '../../../testing/paged-list';
import { renderStaffScreen, withStaffSession } from '../../../testing/staff';
import { AdminIdentityReviews } from './admin-identity-reviews';

const pending: AdminIdentityReview = {
  id: 'i-1',
  _id: 'i-1',
  user: { _id: 'u-1', name: 'Ada Buyer', email: 'ada@example.com' },
  state: 'pending',
  documentType: 'image',
  secondDocumentType: 'pdf',
  reason: null,
  submittedAt: '2026-03-01T00:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  usedAud: '9500.00',
};
const rejected: AdminIdentityReview = {
  ...pending,
  id: 'i-2',
  _id: 'i-2',
  user: { _id: 'u-2', name: 'Bo Buyer', email: 'bo@example.com' },
  state: 'rejected',
  reason: 'The photo is blurred',
  decidedAt: '2026-03-02T00:00:00.000Z',
  decidedBy: 'staff@example.com',
};
const counts = { pending: 1, approved: 4, rejected: 2 };
const page = (rows: AdminIdentityReview[]) => ({ data: { ...pageOf(rows).data, counts } });

const renderQueue = (handlers: Record<string, MockHandler> = {}) =>
  renderStaffScreen(<AdminIdentityReviews />, {
    'GET /v1/admin/identity-reviews': page([pending, rejected]),
    ...handlers,
  });

withStaffSession();

describe('Identity reviews', () => {
  it('lists the reviews with each state’s count; only a pending one can be decided', async () => {
    renderQueue();
    expect(await screen.findByRole('heading', { name: 'Identity reviews' })).toBeInTheDocument();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Rejected (2)' })).toBeInTheDocument();
    expect(screen.getByText('The photo is blurred')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Reject' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'View documents' })).toHaveLength(2);
  });

  it('approves, and rejects with the reason the buyer reads', async () => {
    const { api, user } = renderQueue({
      'POST /v1/admin/identity-reviews/i-1/approve': {
        data: { ...pending, state: 'approved' },
        message: 'Identity approved',
      },
      'POST /v1/admin/identity-reviews/i-1/reject': {
        data: { ...pending, state: 'rejected' },
        message: 'Identity rejected',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(api.bodies('POST /v1/admin/identity-reviews/i-1/approve')).toEqual([{}]);
    expect(await screen.findByText('Identity approved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject identity' });
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'The name does not match');
    await user.click(reject);
    expect(api.bodies('POST /v1/admin/identity-reviews/i-1/reject')).toEqual([
      { reason: 'The name does not match' },
    ]);
  });

  it('opens the documents through short-lived links asked for on each view', async () => {
    const { api, user } = renderQueue({
      'GET /v1/admin/identity-reviews/i-1/documents': {
        data: {
          documentUrl: 'https://files.example/id.png?sig=1',
          secondDocumentUrl: 'https://files.example/second.pdf?sig=2',
          expiresAt: '2026-03-01T00:01:00.000Z',
        },
      },
    });
    const [first] = await screen.findAllByRole('button', { name: 'View documents' });
    await user.click(first!);
    const dialog = await screen.findByRole('dialog', { name: 'Identity documents' });
    const idLink = await within(dialog).findByRole('link', { name: 'ID document (image)' });
    expect(idLink).toHaveAttribute('href', 'https://files.example/id.png?sig=1');
    expect(
      within(dialog).getByRole('link', { name: 'Selfie or second document (PDF)' }),
    ).toHaveAttribute('href', 'https://files.example/second.pdf?sig=2');
    expect(api.bodies('GET /v1/admin/identity-reviews/i-1/documents')).toHaveLength(1);
  });

  it('says so when nothing matches', async () => {
    renderQueue({ 'GET /v1/admin/identity-reviews': page([]) });
    expect(await screen.findByText('No identity reviews here')).toBeInTheDocument();
  });
});
