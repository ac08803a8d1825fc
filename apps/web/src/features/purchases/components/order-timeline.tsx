import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import type { OrderStep, StepState } from '../order-steps';

const marker: Record<StepState, string> = {
  done: 'border-success bg-success text-ink',
  current: 'border-lime bg-lime/15 text-lime',
  upcoming: 'border-line bg-surface-2 text-muted',
  stopped: 'border-danger bg-danger/15 text-danger',
};

const stateText: Record<StepState, string> = {
  done: 'done',
  current: 'next',
  upcoming: 'to come',
  stopped: 'stopped',
};

/** The order's steps, top to bottom: created → paid → reviewed → tokens allocated. */
export function OrderTimeline({ steps }: { steps: readonly OrderStep[] }) {
  return (
    <ol className="flex flex-col" aria-label="Order status">
      {steps.map((step, index) => (
        <li key={step.key} className="relative flex gap-4 pb-6 last:pb-0">
          {index < steps.length - 1 ? (
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-9 bottom-1 left-[17px] w-0.5',
                step.state === 'done' ? 'bg-success' : 'bg-line',
              )}
            />
          ) : null}
          <span
            aria-hidden="true"
            className={cn(
              'z-[1] flex size-9 shrink-0 items-center justify-center rounded-full border-2 font-black',
              marker[step.state],
            )}
          >
            {step.state === 'done' ? (
              <CheckIcon />
            ) : step.state === 'stopped' ? (
              <CloseIcon />
            ) : (
              index + 1
            )}
          </span>
          <div className="min-w-0 pt-1">
            <p className="font-bold">
              {step.label} <span className="sr-only">({stateText[step.state]})</span>
            </p>
            {step.at ? (
              <p className="text-sm text-muted">
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </p>
            ) : null}
            <p className="text-sm break-words text-muted">{step.detail}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
