import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, describedBy, FieldFrame } from './field';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: ReactNode;
  /** Shown under the field and announced with it; pass a falsy value when valid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Content at the end of the control, e.g. a copy or show-password button. */
  endAdornment?: ReactNode;
  containerClassName?: string;
  /** See FieldFrame. */
  announceError?: boolean;
}

/**
 * Labelled input. Works with react-hook-form's `register()` (ref and handlers pass through);
 * to clear an error on focus, pass `onFocus={() => clearErrors(name)}`.
 */
export function TextField({
  label,
  error,
  hint,
  endAdornment,
  id,
  className,
  containerClassName,
  required,
  announceError,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame
      id={inputId}
      label={label}
      hint={hint}
      error={error}
      required={required}
      announceError={announceError}
      className={containerClassName}
    >
      <div className="relative">
        <input
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          className={cn(controlClasses, endAdornment ? 'pr-14' : undefined, className)}
          {...props}
        />
        {endAdornment ? (
          <div className="absolute inset-y-0 right-1.5 flex items-center">{endAdornment}</div>
        ) : null}
      </div>
    </FieldFrame>
  );
}
