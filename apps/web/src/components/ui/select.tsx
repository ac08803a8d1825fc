import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, describedBy, FieldFrame } from './field';
import { ChevronDownIcon } from './icons';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** First, empty choice (e.g. "Select a bank"). */
  placeholder?: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  containerClassName?: string;
  /** Hides the label visually (it stays for screen readers), for compact toolbars. */
  hideLabel?: boolean;
}

export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  className,
  containerClassName,
  hideLabel,
  required,
  ...props
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const control = (
    <div className="relative">
      <select
        id={selectId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        // One line, cut with an ellipsis, never mid-word: the open list shows the whole text.
        className={cn(controlClasses, 'cursor-pointer appearance-none truncate pr-10', className)}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-lg text-muted" />
    </div>
  );
  if (hideLabel) {
    return (
      <div className={containerClassName}>
        <label htmlFor={selectId} className="sr-only">
          {label}
        </label>
        {control}
      </div>
    );
  }
  return (
    <FieldFrame
      id={selectId}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={containerClassName}
    >
      {control}
    </FieldFrame>
  );
}

/** The `sort[price]` filter of a list: '' none (newest first), '1' ascending, '-1' descending. */
const priceSortOptions: readonly SelectOption[] = [
  { value: '', label: 'None' },
  { value: '1', label: 'Ascending' },
  { value: '-1', label: 'Descending' },
];

export function SortByPriceSelect(props: Omit<SelectProps, 'label' | 'options'>) {
  return <Select label="Sort by price" options={priceSortOptions} {...props} />;
}
