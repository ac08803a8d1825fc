import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, describedBy, FieldFrame } from './field';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  containerClassName?: string;
}

/** Labelled multi-line input; works with react-hook-form's `register()` like TextField. */
export function TextArea({
  label,
  error,
  hint,
  id,
  className,
  containerClassName,
  required,
  rows = 3,
  ...props
}: TextAreaProps) {
  const generatedId = useId();
  const areaId = id ?? generatedId;
  return (
    <FieldFrame
      id={areaId}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={containerClassName}
    >
      <textarea
        id={areaId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, error, hint)}
        className={cn(controlClasses, 'min-h-24 resize-y py-3', className)}
        {...props}
      />
    </FieldFrame>
  );
}
