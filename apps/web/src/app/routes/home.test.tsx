import { act, fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PresaleConfig } from '@tmc/shared';
import { toast } from '../../components/ui/toast';
import { setPresaleConfig } from '../../features/presale/api/get-presale-config';
import { presaleConfigFixture } from '../../testing/fixtures';
import { renderWithClient } from '../../testing/render';
import { HomeRoute } from './home';

function renderHome(config: Partial<PresaleConfig> = {}, url = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  setPresaleConfig({ ...presaleConfigFixture, ...config });
  const router = createMemoryRouter([{ path: '/', element: <HomeRoute /> }], {
    initialEntries: [url],
  });
  return renderWithClient(<RouterProvider router={router} />, client);
}

const region = (name: string) => within(screen.getByRole('region', { name }));

afterEach(() => {
  act(() => toast.clear());
  vi.useRealTimers();
});

describe('HomeRoute', () => {
  it('introduces TMC with the Buy button and the white paper link', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'TMC' })).toBeInTheDocument();
    const hero = region('TMC');
    expect(hero.getByRole('link', { name: 'Buy TMC' })).toHaveAttribute('href', '/token/buy');
    const paper = hero.getByRole('link', { name: /White Paper/ });
    expect(paper).toHaveAttribute('href', 'https://papers.example.com/tmc');
    expect(paper).toHaveAttribute('target', '_blank');
    expect(document.title).toBe('Home · TMC Presale');
    // The site's own banned words (the affiliate rules) hold for the home page too.
    expect(document.body.textContent).not.toMatch(/\bmoon\b/i);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('meme coin with a grin'),
    );
  });

  it('shows the current stage price and the minimum, with no progress meter and no timer', () => {
    renderHome();
    const token = region('Meet TMC');
    expect(token.getByText('A$0.05')).toBeInTheDocument();
    expect(token.getByText('A$50')).toBeInTheDocument();
    expect(token.getByText(/Stage 1: the price of every order placed now/)).toBeInTheDocument();
    expect(token.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(token.queryByText(/of the hard cap|Raised so far/)).not.toBeInTheDocument();
    expect(token.queryByText(/%/)).not.toBeInTheDocument();
    expect(token.getByText(/No end date is set/)).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(token.getByRole('link', { name: 'Buy TMC' })).toHaveAttribute('href', '/token/buy');
  });

  it('writes the end date as a date that does not tick', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    renderHome({ endsAt: '2030-01-03T04:05:06Z' });
    const token = region('Meet TMC');
    const ends = token.getByText(/The presale ends on/);
    const before = ends.textContent;
    expect(before).toMatch(/2030/);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(token.queryByText(/Seconds|Presale ends in/)).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(ends.textContent).toBe(before);
  });

  it('says when no stage is selling and shows no price', () => {
    renderHome({ stage: null });
    const token = region('Meet TMC');
    expect(token.getByText('The presale is not selling right now.')).toBeInTheDocument();
    expect(token.queryByText('A$0.05')).not.toBeInTheDocument();
  });

  it('cuts the long descriptions at 250 characters with Show more / Show less', () => {
    renderHome();
    const token = region('Meet TMC');
    const more = token.getByRole('button', { name: 'Show more' });
    const text = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(text.textContent.length).toBeLessThanOrEqual(251);
    fireEvent.click(more);
    expect(text.textContent.length).toBeGreaterThan(250);
    fireEvent.click(token.getByRole('button', { name: 'Show less' }));
    expect(text.textContent.length).toBeLessThanOrEqual(251);
  });

  it('offers the swap with a click-to-copy address', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderHome();
    const swap = region('Swap your scam tokens');
    fireEvent.click(swap.getByText(presaleConfigFixture.swapWallet));
    await act(() => Promise.resolve());
    expect(writeText).toHaveBeenCalledWith(presaleConfigFixture.swapWallet);
    expect(swap.getByTitle('Click to copy')).toHaveTextContent('Copied!');
    expect(swap.getByRole('status')).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(swap.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('invites affiliates to sign up, carrying the referral code', () => {
    renderHome({}, '/?referral_code=MEME42');
    const affiliate = region('Become an Affiliate');
    for (const perk of [
      '20% commission on presales made through your link',
      'Weekly payouts',
      'No cost to join',
      'Marketing content ready to share',
    ]) {
      expect(affiliate.getByText(perk)).toBeInTheDocument();
    }
    expect(affiliate.getByRole('link', { name: 'Become an Affiliate' })).toHaveAttribute(
      'href',
      '/signup?referral_code=MEME42',
    );
    expect(region('TMC').getByRole('link', { name: 'Buy TMC' })).toHaveAttribute(
      'href',
      '/token/buy?referral_code=MEME42',
    );
  });

  it('says TMC is not a financial product and buyers must be 18 or older', () => {
    renderHome();
    const note = region('Just for fun');
    expect(note.getByText(/not a financial product/)).toHaveTextContent(/18 or older/);
    expect(note.getByRole('link', { name: 'Read the disclaimer' })).toHaveAttribute(
      'href',
      '/disclaimer',
    );
  });
});
