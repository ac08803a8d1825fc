import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const WAIT_MS = 5000;

const typing = (el: Element | null) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

/**
 * After each navigation (not the first page load), moves focus to the new page's heading, so
 * keyboard and screen reader users start at the top of what changed and hear its name. A page
 * still loading (code or data) is waited for; a field the page focused itself is left alone.
 */
export function useFocusHeadingOnNavigate(pageLoading: boolean) {
  const { pathname, hash } = useLocation();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (pageLoading) return;
    if (seen.current === null || hash) {
      seen.current = pathname;
      return;
    }
    if (seen.current === pathname) return;
    seen.current = pathname;
    let frame = 0;
    const started = performance.now();
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading && !heading.closest('[role="dialog"]')) {
        if (typing(document.activeElement)) return;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(focusHeading);
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, pageLoading]);
}
