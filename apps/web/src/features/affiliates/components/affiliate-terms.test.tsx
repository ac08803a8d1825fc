import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AffiliateTerms } from './affiliate-terms';
import { AffiliateTermsDialog } from './affiliate-terms-dialog';

describe('AffiliateTerms', () => {
  it('has the seven clauses of the agreement', () => {
    render(<AffiliateTerms />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '1. Engagement',
      '2. Commission',
      '3. Promotion rules',
      '4. Breach',
      '5. Marketing collateral',
      '6. Termination',
      '7. Entire agreement',
    ]);
    expect(screen.getByText(/lasts for the duration of the presale/)).toBeInTheDocument();
    expect(screen.getByText(/7 days’ written notice/)).toBeInTheDocument();
  });

  it('states the rates and payout cycles', () => {
    render(<AffiliateTerms />);
    const commission = screen.getByText(/Direct sales:/).closest('li') as HTMLElement;
    expect(commission).toHaveTextContent(
      '20% of every presale purchase made through your referral link, calculated monthly and paid weekly (every 7 days) in arrears.',
    );
    expect(screen.getByText(/Influencer introductions:/).closest('li')).toHaveTextContent(
      /10% of that influencer’s net contributions.*own 20% commission, paid fortnightly \(every 14 days\)/,
    );
  });

  it('works the example through at $1,000,000 in sales', () => {
    render(<AffiliateTerms />);
    const caption = screen.getByText('Worked example: $1,000,000 in sales');
    const example = caption.closest('figure') as HTMLElement;
    const figures = within(example)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(figures).toEqual(['$200,000', '$200,000', '$800,000', '$80,000']);
  });

  it('nests its headings under a dialog title', () => {
    render(<AffiliateTerms headingLevel={3} />);
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7);
  });
});

describe('AffiliateTermsDialog', () => {
  it('offers Accept and Reject', async () => {
    const onAccept = vi.fn();
    const onReject = vi.fn();
    const user = userEvent.setup();
    render(<AffiliateTermsDialog open onAccept={onAccept} onReject={onReject} />);

    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByRole('heading', { name: '2. Commission' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(onReject).toHaveBeenCalledOnce();
  });
});
