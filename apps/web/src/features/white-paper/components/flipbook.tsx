import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { PageFlip } from 'page-flip';
import { FlipbookControls } from './flipbook-controls';
import { FlipbookError } from './flipbook-error';
import { FlipbookPagesPlaceholder } from './flipbook-placeholder';
import { whitePaperPageImage } from '../lib/white-paper-file';
import pages from '../lib/white-paper-pages.json';
import { pageLabel, visiblePages } from '../lib/visible-pages';

/** Below two of these side by side the book shows one page at a time (phones). */
const MIN_PAGE_WIDTH = 280;
const MAX_PAGE_WIDTH = 520;

interface Sheet {
  element: HTMLDivElement;
  image: HTMLImageElement;
}

/**
 * page-flip moves and styles its pages itself, so they are plain elements, not React's: the
 * page's image (its source set once the reader nears it) and its text for screen readers.
 */
function createSheet(number: number, total: number): Sheet {
  const element = document.createElement('div');
  element.className = 'overflow-hidden bg-white';
  element.dataset.density = number === 1 || number === total ? 'hard' : 'soft';
  const image = document.createElement('img');
  image.className = 'block size-full';
  image.alt = '';
  image.width = pages.width;
  image.height = pages.height;
  image.decoding = 'async';
  image.draggable = false;
  image.dataset.page = String(number);
  const text = document.createElement('div');
  text.className = 'sr-only';
  text.textContent = `Page ${number} of ${total}. ${pages.pages[number - 1] ?? ''}`;
  element.append(image, text);
  return { element, image };
}

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isTyping(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The white paper as a book: page-flip turns the PDF's pages, drawn as images when the PDF was
 * built. Previous and Next buttons, the arrow keys, a click or a drag on a page corner turn pages.
 */
export function Flipbook() {
  const hostRef = useRef<HTMLDivElement>(null);
  const bookRef = useRef<PageFlip | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [current, setCurrent] = useState(0);
  const [count, setCount] = useState(0);
  const [portrait, setPortrait] = useState(false);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let opened = false;
    let book: PageFlip | null = null;
    let resizeObserver: ResizeObserver | undefined;

    async function load(container: HTMLDivElement) {
      const { width, height } = pages;
      const total = pages.pages.length;
      const sheets = Array.from({ length: total }, (_, index) => createSheet(index + 1, total));
      const show = (number: number) => {
        const sheet = sheets[number - 1];
        if (sheet && !sheet.image.src) sheet.image.src = whitePaperPageImage(number);
        return sheet?.image;
      };
      // Pages load as the reader nears them (the open spread and the next two), not all at once.
      const showAround = (index: number) => {
        for (let number = index; number <= index + 4; number++) show(number);
      };

      // The cover first (the placeholder has fetched it already), so the book opens on it.
      await show(1)!.decode();
      if (cancelled) return;

      const element = document.createElement('div');
      element.className = 'mx-auto';
      container.append(element);
      book = new PageFlip(element, {
        width,
        height,
        size: 'stretch',
        minWidth: MIN_PAGE_WIDTH,
        maxWidth: MAX_PAGE_WIDTH,
        minHeight: (MIN_PAGE_WIDTH * height) / width,
        maxHeight: (MAX_PAGE_WIDTH * height) / width,
        showCover: true,
        usePortrait: true,
        maxShadowOpacity: 0.4,
        flippingTime: 700,
        mobileScrollSupport: true,
      });
      book.on('flip', (event) => {
        setCurrent(event.data);
        showAround(event.data);
      });
      book.on('changeOrientation', (event) => setPortrait(event.data === 'portrait'));
      book.loadFromHTML(sheets.map((sheet) => sheet.element));
      bookRef.current = book;
      // page-flip measures itself on window resizes only, and can measure before its own
      // layout settles; re-measure whenever the column's size really changes.
      let measured = '';
      resizeObserver = new ResizeObserver(() => {
        const size = `${container.clientWidth}x${container.clientHeight}`;
        if (size === measured) return;
        measured = size;
        book?.update();
      });
      resizeObserver.observe(container);
      const firstPage = book.getCurrentPageIndex();
      const orientation = book.getOrientation();
      // In the same frame as the book's pages: a frame with both would push the placeholder down.
      flushSync(() => {
        setCount(total);
        setCurrent(firstPage);
        setPortrait(orientation === 'portrait');
        setStatus('ready');
      });
      opened = true;
      showAround(firstPage);
    }

    // Once the book is open, a page that fails to load stays blank rather than hiding the rest.
    load(host).catch(() => {
      if (!cancelled && !opened) setStatus('error');
    });

    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      bookRef.current = null;
      book?.destroy();
    };
  }, []);

  const turn = useCallback((direction: 'next' | 'prev') => {
    const book = bookRef.current;
    if (!book) return;
    const count = book.getPageCount();
    const [first, last] = visiblePages(
      book.getCurrentPageIndex(),
      count,
      book.getOrientation() === 'portrait',
    );
    // page-flip fails when asked to turn past either end.
    if (direction === 'next' ? last >= count - 1 : first === 0) return;
    if (prefersReducedMotion()) {
      if (direction === 'next') book.turnToNextPage();
      else book.turnToPrevPage();
    } else if (direction === 'next') book.flipNext();
    else book.flipPrev();
  }, []);

  useEffect(() => {
    if (status !== 'ready') return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowRight') turn('next');
      else if (event.key === 'ArrowLeft') turn('prev');
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [status, turn]);

  const shown = visiblePages(current, count, portrait);

  return (
    <div className="flex flex-col gap-5">
      <div className="relative overflow-hidden">
        <div ref={hostRef} />
        {status === 'loading' ? <FlipbookPagesPlaceholder /> : null}
        {status === 'error' ? <FlipbookError /> : null}
      </div>

      {status === 'error' ? null : (
        <FlipbookControls
          label={status === 'ready' ? pageLabel(shown, count) : undefined}
          canTurnBack={status === 'ready' && shown[0] > 0}
          canTurnOn={status === 'ready' && shown[1] < count - 1}
          onTurn={turn}
        />
      )}
    </div>
  );
}
