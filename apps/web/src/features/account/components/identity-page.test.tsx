import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityStatus } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { IdentityPage } from './identity-page';

const none: IdentityStatus = {
  state: 'none',
  reason: null,
  submittedAt: null,
  decidedAt: null,
  limitAud: '10000.00',
  verifiedLimitAud: null,
  usedAud: '9500.00',
};

function renderPage(
  status: IdentityStatus | MockHandler,
  handlers: Record<string, MockHandler> = {},
) {
  const api = mockApi({
    'GET /v1/account/identity': 'data' in status || 'status' in status ? status : { data: status },
    ...handlers,
  });
  const upload = vi.fn(async (file: File, onProgress: (percent: number) => void) => {
    onProgress(100);
    return `https://files.example/${file.name}`;
  });
  renderWithClient(<IdentityPage upload={upload} />);
  return { api, upload, user: userEvent.setup() };
}

const png = (name: string) => new File(['\x89PNG'], name, { type: 'image/png' });
const fileInput = (label: string) =>
  screen.getByLabelText(label, { selector: 'input[type="file"]' });

beforeEach(() => {
  setSession({ user: userFixture, tokens: tokensFixture() });
});
afterEach(() => {
  act(() => toast.clear());
  clearSession();
  vi.restoreAllMocks();
});

describe('Identity page', () => {
  it('shows the limit and what was bought, and sends the two documents for review', async () => {
    const { api, upload, user } = renderPage(none, {
      'POST /v1/account/identity': {
        status: 201,
        message: 'Your documents are sent: our team will review them',
        data: { ...none, state: 'pending', submittedAt: '2026-03-01T00:00:00.000Z' },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Identity' })).toBeInTheDocument();
    const limit = await screen.findByRole('region', { name: 'Buying limit' });
    expect(within(limit).getByText('10,000.00 AUD in 12 months')).toBeInTheDocument();
    expect(within(limit).getByText('9,500.00 AUD')).toBeInTheDocument();
    expect(within(limit).getByText('Not verified')).toBeInTheDocument();

    // Nothing is sent until both documents are there.
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('Upload your ID document')).toBeInTheDocument();
    expect(api.bodies('POST /v1/account/identity')).toEqual([]);

    fireEvent.change(fileInput('ID document'), { target: { files: [png('id.png')] } });
    fireEvent.change(fileInput('Selfie or second document'), {
      target: { files: [png('selfie.png')] },
    });
    expect(await screen.findByRole('button', { name: 'Remove selfie.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove id.png' })).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(api.bodies('POST /v1/account/identity')).toEqual([
      {
        documentUrl: 'https://files.example/id.png',
        secondDocumentUrl: 'https://files.example/selfie.png',
      },
    ]);
    // Under review: the form goes.
    expect(await screen.findByText('Under review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('shows the server’s refusal at the file it concerns', async () => {
    const { user } = renderPage(none, {
      'POST /v1/account/identity': {
        status: 400,
        message: 'documentUrl: file not found, please upload it again',
        errors: { documentUrl: 'documentUrl: file not found, please upload it again' },
      },
    });
    await screen.findByRole('region', { name: 'Verify your identity' });
    fireEvent.change(fileInput('ID document'), { target: { files: [png('id.png')] } });
    fireEvent.change(fileInput('Selfie or second document'), {
      target: { files: [png('selfie.png')] },
    });
    await screen.findByRole('button', { name: 'Remove selfie.png' });
    await screen.findByRole('button', { name: 'Remove id.png' });
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(
      await screen.findAllByText('documentUrl: file not found, please upload it again'),
    ).not.toHaveLength(0);
  });

  it('after a rejection: the reason, the limit that stays, and the form again', async () => {
    renderPage({
      ...none,
      state: 'rejected',
      reason: 'The photo of the ID is blurred',
      submittedAt: '2026-03-01T00:00:00.000Z',
      decidedAt: '2026-03-02T00:00:00.000Z',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Why: The photo of the ID is blurred');
    expect(screen.getByText('10,000.00 AUD in 12 months')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send for review' })).toBeInTheDocument();
  });

  it('once verified: no limit, and nothing to send', async () => {
    renderPage({
      ...none,
      state: 'approved',
      limitAud: null,
      decidedAt: '2026-03-02T00:00:00.000Z',
    });
    expect(await screen.findByText('No limit')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('says when the check cannot be read, with a way to try again', async () => {
    renderPage({ status: 500, message: 'Something went wrong on our side. Please try again.' });
    expect(await screen.findByText('Could not load your identity check')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
