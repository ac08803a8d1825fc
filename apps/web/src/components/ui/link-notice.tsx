import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AlertIcon } from './icons';

/**
 * A refusal the buyer can act on elsewhere on the site, e.g. a buying limit and the identity
 * page that raises it: the message and a link there. Focused when it appears, so a keyboard or
 * screen reader user lands on it.
 */
export function LinkNotice({
  message,
  to,
  linkLabel,
}: {
  message: string;
  to: string;
  linkLabel: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex items-start gap-3 rounded-2xl border-2 border-danger bg-danger/10 p-4"
    >
      <AlertIcon className="mt-0.5 shrink-0 text-xl text-danger" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-bold break-words">{message}</p>
        <Link
          to={to}
          className="self-start rounded font-bold text-cyan underline underline-offset-4"
        >
          {linkLabel}
        </Link>
      </div>
    </div>
  );
}

/** The refusal of an API call that names a page to act on (a 4xx with `link`), else null. */
export function linkedRefusal(error: unknown): { message: string; link: string } | null {
  if (
    error instanceof Error &&
    'link' in error &&
    typeof error.link === 'string' &&
    error.link.startsWith('/')
  )
    return { message: error.message, link: error.link };
  return null;
}
