import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { StatementsPage } from './statements-page';

/** The file names the page saved, as the browser would be asked to. */
function savedFiles() {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}

const requestedUrl = (api: ReturnType<typeof mockApi>) =>
  new URL(api.spy.mock.calls.at(-1)![0] as string, 'https://tmc.example');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T10:00:00Z') });
  // Joined in January 2025: FY2025 (to 30 June 2025) is the first financial year offered.
  setSession({
    user: { ...userFixture, createdAt: '2025-01-05T10:00:00.000Z' },
    tokens: tokensFixture(),
  });
});
afterEach(() => {
  clearSession();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Statements', () => {
  it('offers each financial and calendar year since the account was made, the current one first', async () => {
    renderRoutes([{ path: '/', element: <StatementsPage /> }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Statements' })).toBeInTheDocument();
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'Financial year FY2027 (1 July 2026 to 30 June 2027)',
      'Financial year FY2026 (1 July 2025 to 30 June 2026)',
      'Financial year FY2025 (1 July 2024 to 30 June 2025)',
      'Calendar year 2026 (1 January 2026 to 31 December 2026)',
      'Calendar year 2025 (1 January 2025 to 31 December 2025)',
    ]);
  });

  it('downloads the chosen period as CSV with the device time zone, the buttons disabled meanwhile', async () => {
    const names = savedFiles();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = mockApi({
      'GET /v1/account/statements': async () => {
        await answered;
        return { data: 'date,kind' };
      },
    });
    const success = vi.spyOn(toast, 'success');
    renderRoutes([{ path: '/', element: <StatementsPage /> }]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(screen.getByLabelText('Period'), 'FY2026');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    const url = requestedUrl(api);
    expect(url.pathname).toBe('/v1/account/statements');
    expect(url.searchParams.get('period')).toBe('FY2026');
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    answer();
    await waitFor(() => expect(names).toEqual(['tmc-statement-FY2026.csv']));
    expect(success).toHaveBeenCalledWith('Statement FY2026 downloaded');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('says why a download failed', async () => {
    savedFiles();
    mockApi({
      'GET /v1/account/statements': {
        status: 400,
        message: 'Choose a financial year (FY2026) or a calendar year (2026)',
      },
    });
    const error = vi.spyOn(toast, 'error');
    renderRoutes([{ path: '/', element: <StatementsPage /> }]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Choose a financial year (FY2026) or a calendar year (2026)',
      ),
    );
  });
});
