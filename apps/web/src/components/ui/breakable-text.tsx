import { Fragment } from 'react';
import { cn } from '../../lib/cn';

/** A line may break before these ("name|@site", "site/|?code") … */
const BEFORE = new Set(['@', '?', '&']);
/** … and after these ("first.|last", "site/|path", "code=|VALUE"). */
const AFTER = new Set(['.', '/', '=', '-', '_']);

/** The text cut where a line may break between its parts: before "@", after "." and the like. */
export function breakableParts(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (const char of text) {
    if (BEFORE.has(char) && current) {
      parts.push(current);
      current = '';
    }
    current += char;
    if (AFTER.has(char)) {
      parts.push(current);
      current = '';
    }
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * An e-mail address, link or reference that wraps between its parts (at "@", ".", "/") rather
 * than inside a word; only a part longer than the whole line still breaks. The full value is
 * its title (a tooltip).
 */
export function BreakableText({
  text,
  title = text,
  className,
}: {
  text: string;
  /** The full value when `text` is shortened. */
  title?: string;
  className?: string;
}) {
  return (
    <span title={title} className={cn('min-w-0 break-words', className)}>
      {breakableParts(text).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
