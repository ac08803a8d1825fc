import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast';
import { renderWithClient } from '../../../testing/render';
import { marketingMessages, MarketingKit, PROHIBITED_WORDS } from './marketing-kit';

const CODE = 'TMC8AB12';
const link = `${window.location.origin}/?referral_code=${CODE}`;

afterEach(() => {
  toast.clear();
  vi.restoreAllMocks();
});

describe('marketing kit', () => {
  it('offers 3 or 4 messages, each with the referral link and the not-financial-advice line', () => {
    const messages = marketingMessages(link);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages.length).toBeLessThanOrEqual(4);
    for (const message of messages) {
      expect(message.text).toContain(link);
      expect(message.text.toLowerCase()).toContain('not financial advice');
    }
  });

  it('uses none of the words the promotion rules prohibit', () => {
    for (const message of marketingMessages(link)) {
      const text = message.text.toLowerCase();
      for (const word of [...PROHIBITED_WORDS, 'investment', 'returns', 'guaranteed', 'moon']) {
        expect(text, `${message.id} says "${word}"`).not.toMatch(new RegExp(`\\b${word}\\b`));
      }
    }
  });

  it('copies each message with the link and offers every banner for download', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithClient(<MarketingKit code={CODE} />);

    const messages = screen.getByRole('region', { name: 'Ready-to-post messages' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(3);
    await user.click(within(items[0]!).getByRole('button', { name: /copy message 1/i }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(link));

    for (const size of ['1200×630', '1080×1080', '728×90']) {
      const download = screen.getByRole('link', { name: `Download ${size}` });
      expect(download).toHaveAttribute('download');
      expect(download.getAttribute('href')).toMatch(/^\/banners\/.+\.png$/);
    }
  });
});
