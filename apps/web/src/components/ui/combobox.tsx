import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, describedBy, FieldFrame } from './field';
import { ChevronDownIcon, CloseIcon } from './icons';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Extra words to search on, e.g. a currency's name. */
  keywords?: string;
}

export interface ComboboxProps {
  label: ReactNode;
  options: readonly ComboboxOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Shown in the list when nothing matches the typed text. */
  emptyText?: string;
  /** Accessible name of the clear button. */
  clearLabel?: string;
  className?: string;
}

const MAX_SHOWN = 200;

function matches(option: ComboboxOption, query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return `${option.value} ${option.label} ${option.keywords ?? ''}`.toLowerCase().includes(needle);
}

/**
 * A searchable single choice (WAI-ARIA combobox with a list box): type to filter, arrows to
 * move, Enter to choose, Escape to close. Leaving the field keeps the last valid choice.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  placeholder,
  error,
  hint,
  disabled = false,
  required = false,
  emptyText = 'No matches',
  clearLabel = 'Clear',
  className,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const selected = options.find((option) => option.value === value) ?? null;
  const [open, setOpen] = useState(false);
  // null: not typing, the input shows the chosen option.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const filtered = useMemo(
    () => options.filter((option) => matches(option, query ?? '')).slice(0, MAX_SHOWN),
    [options, query],
  );
  const activeOption = open ? filtered[Math.min(active, filtered.length - 1)] : undefined;

  function choose(option: ComboboxOption) {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  }

  function show() {
    if (disabled) return;
    const index = filtered.findIndex((option) => option.value === value);
    setActive(index >= 0 ? index : 0);
    setOpen(true);
  }

  function onBlur() {
    // Typing an exact code and leaving the field counts as choosing it.
    const typed = query?.trim().toLowerCase();
    if (typed === '') onChange(null);
    else if (typed) {
      const exact = options.find(
        (option) => option.value.toLowerCase() === typed || option.label.toLowerCase() === typed,
      );
      if (exact) onChange(exact.value);
    }
    setQuery(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        show();
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const count = filtered.length;
        return count === 0 ? 0 : (Math.min(current, count - 1) + step + count) % count;
      });
    } else if (event.key === 'Enter') {
      if (open && activeOption) {
        event.preventDefault();
        choose(activeOption);
      }
    } else if (event.key === 'Escape') {
      if (open || query !== null) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setQuery(null);
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      if (open && filtered.length > 0) {
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : filtered.length - 1);
      }
    }
  }

  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${id}-option-${activeOption.value}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, error, hint)}
          disabled={disabled}
          placeholder={placeholder}
          value={query ?? selected?.label ?? ''}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={(event) => event.target.select()}
          onClick={show}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
          className={cn(controlClasses, 'pr-20')}
        />
        <div className="absolute inset-y-0 right-1.5 flex items-center gap-0.5">
          {selected && !disabled ? (
            <button
              type="button"
              aria-label={clearLabel}
              onClick={() => {
                onChange(null);
                setQuery(null);
                inputRef.current?.focus();
              }}
              className="grid size-9 place-items-center rounded-full text-muted hover:bg-surface-3 hover:text-fg"
            >
              <CloseIcon />
            </button>
          ) : null}
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              inputRef.current?.focus();
              if (open) setOpen(false);
              else show();
            }}
            className="grid size-9 place-items-center rounded-full text-lg text-muted hover:text-fg disabled:opacity-50"
          >
            <ChevronDownIcon />
          </button>
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          hidden={!open}
          className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-64 overflow-y-auto rounded-xl border-2 border-line bg-surface-2 p-1 shadow-chunky"
        >
          {filtered.length === 0 ? (
            <li role="presentation" className="px-3 py-2.5 text-sm text-muted">
              {emptyText}
            </li>
          ) : (
            filtered.map((option) => {
              const isActive = option === activeOption;
              return (
                <li
                  key={option.value}
                  id={`${id}-option-${option.value}`}
                  role="option"
                  aria-selected={option.value === value}
                  ref={isActive ? (el) => el?.scrollIntoView?.({ block: 'nearest' }) : undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  className={cn(
                    'cursor-pointer rounded-lg px-3 py-2.5 text-sm',
                    isActive ? 'bg-surface-3 text-fg' : 'text-muted',
                    option.value === value && 'font-bold text-lime',
                  )}
                >
                  {option.label}
                </li>
              );
            })
          )}
        </ul>
      </div>
    </FieldFrame>
  );
}
