import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { referralLinkFor } from './referral-link';

export interface MarketingMessage {
  id: string;
  title: string;
  text: string;
}

/**
 * Ready-to-post messages. Affiliate terms clause 3: fun, community and entertainment, with a
 * reminder that this is not financial advice; never an investment, returns, prices or urgency.
 */
export function marketingMessages(link: string): MarketingMessage[] {
  return [
    {
      id: 'meet-tammy',
      title: 'Meet the mascot',
      text: `Meet Tammy 👋 the grinning lime blob behind TMC, a meme token made for laughs and good company. Come say hi: ${link}\n\nJust for fun. Not financial advice. 18+ only.`,
    },
    {
      id: 'community',
      title: 'Community',
      text: `Looking for a friendly corner of crypto Twitter? The TMC crowd swaps memes, jokes and googly-eyed mascot art. Pull up a chair: ${link}\n\n#TMC #memecoin · Not financial advice.`,
    },
    {
      id: 'meme-break',
      title: 'Meme break',
      text: `Today's mood: Tammy's mismatched googly eyes 👀 TMC is a meme token for people who like their crypto with a grin. ${link}\n\nFor entertainment only, not financial advice. 18+.`,
    },
    {
      id: 'short',
      title: 'Short post',
      text: `Memes, mascots and good vibes: that's TMC: ${link} · Not financial advice`,
    },
  ];
}

/** Words the promotion rules rule out (investment talk, returns, predictions, urgency). */
export const PROHIBITED_WORDS = [
  'investment',
  'invest',
  'returns',
  'profit',
  'guaranteed',
  'moon',
  'lambo',
  '100x',
  'price',
  'rich',
  'hurry',
  'last chance',
  "don't miss",
  'limited time',
  'fomo',
  // Presale stages: buyers see the current price only (no later price, timer, meter or bonus).
  'next stage',
  'countdown',
  'sold',
  'bonus',
] as const;

export interface Banner {
  file: string;
  width: number;
  height: number;
  use: string;
}

/** Made by scripts/build-banners.mjs; use them as supplied (affiliate terms clause 5). */
export const banners: Banner[] = [
  {
    file: '/banners/tmc-banner-1200x630.png',
    width: 1200,
    height: 630,
    use: 'Link preview, X, Facebook',
  },
  {
    file: '/banners/tmc-banner-1080x1080.png',
    width: 1080,
    height: 1080,
    use: 'Instagram, square posts',
  },
  { file: '/banners/tmc-banner-728x90.png', width: 728, height: 90, use: 'Website leaderboard' },
];

/** Messages and banners for an affiliate to share, each carrying their referral link. */
export function MarketingKit({ code }: { code: string }) {
  const link = referralLinkFor(code);
  const id = useId();
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">
        Keep it fun: talk about the memes and the community, always say it is not financial advice,
        and never promise returns, predict prices or rush anyone. Use the material as supplied.
      </p>

      <section aria-labelledby={`${id}-messages`} className="flex flex-col gap-3">
        <h3 id={`${id}-messages`} className="text-lg">
          Ready-to-post messages
        </h3>
        <ul className="grid gap-3 md:grid-cols-2">
          {marketingMessages(link).map((message, index) => (
            <li
              key={message.id}
              className="flex flex-col gap-3 rounded-2xl border-2 border-line bg-surface-2 p-4"
            >
              <p className="text-xs font-black tracking-widest text-muted uppercase">
                {message.title}
              </p>
              <p className="flex-1 text-sm break-words whitespace-pre-line">{message.text}</p>
              <CopyButton
                value={message.text}
                label="Copy message"
                ariaLabel={`Copy message ${index + 1}: ${message.title}`}
                className="self-start"
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-banners`} className="flex flex-col gap-3">
        <h3 id={`${id}-banners`} className="text-lg">
          Banners
        </h3>
        <ul className="grid gap-4 sm:grid-cols-3">
          {banners.map((banner) => {
            const size = `${banner.width}×${banner.height}`;
            return (
              <li key={banner.file} className="flex flex-col gap-2">
                <img
                  src={banner.file}
                  alt={`TMC banner, ${size}`}
                  width={banner.width}
                  height={banner.height}
                  loading="lazy"
                  className="h-auto w-full rounded-xl border-2 border-line bg-ink"
                />
                <p className="text-sm">
                  <strong>{size}</strong> <span className="text-muted">· {banner.use}</span>
                </p>
                <a
                  href={banner.file}
                  download
                  className="self-start rounded text-sm font-bold text-cyan underline-offset-4 hover:underline"
                >
                  Download {size}
                </a>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
