import { whitePaperPageImage } from '../lib/white-paper-file';
import { FlipbookControls } from './flipbook-controls';

/**
 * The closed book, as the flipbook opens it: the cover alone (on the right of the spread above
 * phone widths), so the page shows it before any script has run and nothing moves once it opens.
 */
export function FlipbookPagesPlaceholder() {
  return (
    <div className="mx-auto grid w-full max-w-[1040px] sm:grid-cols-2">
      <img
        src={whitePaperPageImage(1)}
        alt="The cover of the TMC white paper"
        width={1040}
        height={1471}
        fetchPriority="high"
        className="block aspect-[0.707] w-full bg-white sm:col-start-2"
      />
    </div>
  );
}

/** The book as it looks while it opens, so nothing below it moves once it is open. */
export function FlipbookPlaceholder() {
  return (
    <div className="flex flex-col gap-5">
      <FlipbookPagesPlaceholder />
      <FlipbookControls />
    </div>
  );
}
