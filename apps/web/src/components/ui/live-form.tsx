import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A form on a prerendered page. Until React runs it is disabled, so the browser cannot submit
 * it natively (that would put the fields, a password too, in the URL); then it mounts afresh
 * with what only the browser knows (the referral code, the e-mail carried from another screen).
 */
export function LiveForm({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset key={hydrated ? 'live' : 'prerendered'} disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
