import { Button } from '../../../components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';

interface FlipbookControlsProps {
  /** "Page 1 of 12"; absent while the book opens (the row holds its place, disabled). */
  label?: string;
  canTurnBack?: boolean;
  canTurnOn?: boolean;
  onTurn?: (direction: 'next' | 'prev') => void;
}

/** Previous, where the reader is, Next. */
export function FlipbookControls({ label, canTurnBack, canTurnOn, onTurn }: FlipbookControlsProps) {
  return (
    <div className="grid grid-cols-[auto_1fr_auto] items-center gap-3">
      <Button
        variant="secondary"
        onClick={() => onTurn?.('prev')}
        disabled={!canTurnBack}
        icon={<ChevronLeftIcon />}
        className="max-sm:px-3.5"
      >
        <span className="max-sm:sr-only">Previous</span>
        <span className="sr-only"> page</span>
      </Button>
      {label === undefined ? (
        <p aria-hidden="true" />
      ) : (
        <p
          aria-live="polite"
          data-testid="page-counter"
          className="text-center font-bold tabular-nums"
        >
          {label}
        </p>
      )}
      <Button
        variant="secondary"
        onClick={() => onTurn?.('next')}
        disabled={!canTurnOn}
        className="max-sm:px-3.5"
      >
        <span className="max-sm:sr-only">Next</span>
        <span className="sr-only"> page</span>
        <ChevronRightIcon />
      </Button>
    </div>
  );
}
