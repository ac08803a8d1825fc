import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

/**
 * A native checkbox, lime when ticked. In its error state (aria-invalid) it has a red outline;
 * focused, that outline gives way to the cyan focus ring every control has, also when the form
 * itself moves focus to the error (:focus, not only :focus-visible), and a red edge stays.
 */
export function Checkbox({ className, ...props }: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-6 shrink-0 cursor-pointer rounded-md accent-lime',
        'aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-danger',
        'aria-invalid:focus:outline-3 aria-invalid:focus:outline-cyan',
        'aria-invalid:focus:shadow-[0_0_0_2px_var(--color-danger)]',
        className,
      )}
      {...props}
    />
  );
}
