import { Spinner } from '../../../components/ui/spinner';
import { FlipbookControls } from './flipbook-controls';

/** Holds the pages' place (one page on a phone, a spread above) while the book opens. */
export function FlipbookPagesPlaceholder() {
  return (
    <div className="mx-auto flex aspect-[0.707] w-full max-w-[1040px] items-center justify-center gap-3 rounded-[var(--radius-chunky)] border-2 border-line bg-surface px-4 text-center text-lg font-bold text-muted sm:aspect-[1.414]">
      <Spinner className="text-lime" />
      Opening the white paper…
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
