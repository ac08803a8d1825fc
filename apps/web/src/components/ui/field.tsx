import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const controlClasses =
  'w-full min-h-12 rounded-xl border-2 border-line-strong bg-surface-2 px-4 text-base text-fg placeholder:text-muted/70 ' +
  'transition hover:border-muted focus-visible:border-cyan disabled:cursor-not-allowed disabled:opacity-60 ' +
  'read-only:bg-surface aria-invalid:border-danger';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  required?: boolean;
  /** Announce the error as soon as it appears (for forms that show errors only on submit). */
  announceError?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, control, then hint or error below (error wins). */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  required,
  announceError,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div data-field="" className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-bold text-fg', required && 'required-mark')}>
        {label}
      </label>
      {children}
      {error ? (
        <p
          id={`${id}-error`}
          role={announceError ? 'alert' : undefined}
          className="flex items-start gap-1.5 text-sm font-medium text-danger"
        >
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
