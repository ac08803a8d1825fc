import { useId, useState } from 'react';
import { cn } from '../../lib/cn';

/** Spec section 9: long descriptions are cut at 250 characters. */
export const TRUNCATE_AT = 250;

/**
 * The first `limit` characters of `text`, ending on a whole word when one ends late enough,
 * plus an ellipsis. Text within the limit comes back as it is.
 */
export function truncateText(text: string, limit = TRUNCATE_AT): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const lastSpace = cut.search(/\s\S*$/);
  const end = lastSpace >= limit * 0.8 ? lastSpace : limit;
  return `${cut.slice(0, end).replace(/[\s,;:.–—-]+$/, '')}…`;
}

interface TruncatedTextProps {
  text: string;
  limit?: number;
  className?: string;
}

/** A paragraph cut at `limit` characters with a Show more / Show less toggle. */
export function TruncatedText({ text, limit = TRUNCATE_AT, className }: TruncatedTextProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const long = text.length > limit;
  return (
    <div className={cn('flex flex-col items-start gap-2', className)}>
      <p id={id}>{long && !expanded ? truncateText(text, limit) : text}</p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          className="rounded font-bold text-cyan underline underline-offset-4 hover:text-fg"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
