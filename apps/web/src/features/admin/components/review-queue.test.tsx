import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseReview } from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { purchaseReviewFixture, tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { ReviewQueue } from './review-queue';

const request = (
  reference: string,
  fraudSignals: PurchaseReview['fraudSignals'],
): PurchaseReview => ({ ...purchaseReviewFixture, _id: reference, reference, fraudSignals });

const flagged = request('TMC-FLAG22', [
  { code: 'same-signup-ip', message: 'Signed up from the same address as another buyer' },
  { code: 'shared-wallet', message: 'Wallet saved by another buyer' },
]);
const clean = request('TMC-CLEAN3', []);

beforeEach(() => {
  setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
});

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('Review queue', () => {
  it('shows each request’s reference under its date and its fraud signals under its status', async () => {
    const rows = [flagged, clean];
    mockApi({
      'GET /v1/admin/purchases': {
        data: { data: rows, page: 1, limit: 10, totalResults: rows.length, totalPages: 1 },
      },
    });
    renderWithClient(<ReviewQueue />);
    await screen.findByRole('heading', { name: /2 Review queue/ });

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Requested On', 'Buyer', 'Amount', 'Payment', 'Status', 'Actions']);

    const cellsOf = (reference: string) =>
      within(screen.getByText(reference).closest('tr') as HTMLElement).getAllByRole('cell');
    const [requested, , , , status] = cellsOf('TMC-FLAG22');
    expect(requested).toHaveTextContent('TMC-FLAG22');
    expect(status).toHaveTextContent('2 fraud signals');
    const [, , , , cleanStatus] = cellsOf('TMC-CLEAN3');
    expect(cleanStatus).not.toHaveTextContent('fraud signals');
  });
});
