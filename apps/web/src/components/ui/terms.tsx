import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { Dialog } from './dialog';

/** What a terms modal is given: Reject, Escape, the close button and the backdrop all reject. */
export interface TermsChoiceProps {
  open: boolean;
  onAccept: () => void;
  onReject: () => void;
}

interface TermsClauseProps {
  number: number;
  title: string;
  /** 2 on a terms page (under its h1), 3 inside the terms modal (under its h2 title). */
  headingLevel: 2 | 3;
  children: ReactNode;
}

/** A numbered clause of a terms text. */
export function TermsClause({ number, title, headingLevel, children }: TermsClauseProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="flex flex-col gap-2">
      <Heading className="text-lg text-fg sm:text-xl">
        <span className="text-lime">{number}.</span> {title}
      </Heading>
      {children}
    </section>
  );
}

/** The column a terms text is set in, on its page and in the modal. */
export function TermsText({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-6 leading-relaxed text-muted', className)}>
      {children}
    </div>
  );
}

interface TermsDialogProps extends TermsChoiceProps {
  /** Under the title "Terms and Conditions", e.g. "Affiliate programme agreement". */
  description: string;
  /** Names the scrolling text for screen readers, e.g. "Affiliate terms text". */
  textLabel: string;
  /** Accept is in flight (e.g. the become-affiliate call). */
  accepting?: boolean;
  /** The terms text (rendered with headingLevel 3). */
  children: ReactNode;
  /** Under the text, e.g. a link to the terms page. */
  footnote?: ReactNode;
}

/** The one Terms and Conditions modal: the text in a scrolling region, Reject and Accept. */
export function TermsDialog({
  open,
  onAccept,
  onReject,
  accepting = false,
  description,
  textLabel,
  children,
  footnote,
}: TermsDialogProps) {
  const text = (
    <div
      tabIndex={0}
      role="region"
      aria-label={textLabel}
      className="max-h-[55dvh] overflow-y-auto rounded-2xl border-2 border-line bg-ink/40 p-4 sm:p-5"
    >
      {children}
    </div>
  );
  return (
    <Dialog
      open={open}
      onClose={onReject}
      title="Terms and Conditions"
      description={description}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onReject} disabled={accepting}>
            Reject
          </Button>
          <Button onClick={onAccept} loading={accepting}>
            Accept
          </Button>
        </>
      }
    >
      {footnote ? (
        <div className="flex flex-col gap-3">
          {text}
          {footnote}
        </div>
      ) : (
        text
      )}
    </Dialog>
  );
}

interface TermsCheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> {
  /** The form's error for the box (the spec's message), shown under it. */
  error: string | undefined;
  /** Opens the terms modal from the "Terms and Conditions" link. */
  onOpenTerms: () => void;
}

/**
 * "I have read and accept the Terms and Conditions": the box (registered with the form), the link
 * that opens the terms modal, and the error under them.
 */
export function TermsCheckbox({ error, onOpenTerms, className, ...box }: TermsCheckboxProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          required
          aria-labelledby={`${id}-label ${id}-link`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5"
          {...box}
        />
        <p className="text-sm leading-6">
          <label id={`${id}-label`} htmlFor={id} className="cursor-pointer">
            I have read and accept the
          </label>{' '}
          <button
            id={`${id}-link`}
            type="button"
            onClick={onOpenTerms}
            className="rounded font-bold text-cyan underline underline-offset-4 hover:text-lime"
          >
            Terms and Conditions
          </button>
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
