import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { AuditLog } from './audit-log';

const LIST = 'GET /v1/admin/audit-log';

const entry = (n: number): AuditEntry => ({
  _id: `a-${n}`,
  actor: { _id: 's-1', email: 'sam.staff@example.com', name: 'Sam Staff' },
  action: 'purchase.status',
  entity: 'purchase',
  entityId: `b3c1f0e2-1111-4a4a-8888-${String(n).padStart(12, '0')}`,
  reference: 'TMC-7K2P9Q',
  before: { status: 0 },
  after: { status: 1 },
  createdAt: '2025-03-05T03:30:00.000Z',
});

/** A search past the server's counting cap: 10,000 counted, more exist. */
const estimated = (page: number) => ({
  data: {
    data: Array.from({ length: 10 }, (_, i) => entry((page - 1) * 10 + i)),
    page,
    limit: 10,
    totalResults: 10_000,
    totalPages: 1000,
    totalIsEstimate: true,
  },
});

const pageOf = (input: unknown) =>
  new URL(String(input), 'http://site.test').searchParams.get('page');

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('AuditLog', () => {
  it('says "10,000+" for an estimated total, and pages on past it', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    let page = 1;
    const api = mockApi({ [LIST]: () => estimated(page) });
    renderWithClient(<AuditLog />);

    const heading = await screen.findByRole('heading', { level: 1, name: '10,000+ Audit log' });
    expect(heading).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(within(pager).getByText('1–10 of 10,000+')).toBeInTheDocument();
    expect(within(pager).getByText('Page 1 of 1,000+')).toBeInTheDocument();
    // The real last page is unknown: Last is off, Next goes on while pages come back full.
    expect(within(pager).getByRole('button', { name: 'Last page' })).toBeDisabled();

    page = 2;
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(pager).getByText('11–20 of 10,000+')).toBeInTheDocument());
    expect(api.spy.mock.calls.map(([input]) => pageOf(input))).toContain('2');
  });

  it('shows when in local time with the exact moment as its title, who by e-mail, the record by its reference', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    mockApi({
      [LIST]: {
        data: { data: [entry(1)], page: 1, limit: 10, totalResults: 1, totalPages: 1 },
      },
    });
    renderWithClient(<AuditLog />);

    await screen.findByRole('heading', { level: 1, name: '1 Audit log' });
    const row = screen.getAllByRole('row')[1]!;
    const when = row.querySelector('time')!;
    expect(when).toHaveAttribute('title', '2025-03-05T03:30:00.000Z');
    expect(when).toHaveAttribute('dateTime', '2025-03-05T03:30:00.000Z');
    expect(when.textContent).toMatch(/^\d{2} Mar 2025, \d{2}:\d{2} [ap]m$/);
    expect(within(row).getByTitle('sam.staff@example.com')).toHaveTextContent(
      'sam.staff@example.com',
    );
    expect(within(row).getByTitle('TMC-7K2P9Q')).toHaveTextContent('TMC-7K2P9Q');
    expect(row.textContent).not.toContain('b3c1f0e2');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
