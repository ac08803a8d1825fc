import {
  useImperativeHandle,
  useRef,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { cn } from '../../../lib/cn';

/** The sign-up code's four boxes (spec); a reset code has six. */
export const OTP_LENGTH = 4;

export const emptyOtp = (length: number = OTP_LENGTH): string[] => Array.from({ length }, () => '');

export interface OtpInputHandle {
  /** Moves focus to the first box. */
  focus: () => void;
}

interface OtpInputProps {
  /** One entry per box: a single digit or ''. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Called when any box takes focus (the screens clear their error then). */
  onFocus?: () => void;
  /** id of the group's visible label. */
  labelledBy: string;
  /** id of the error message, when there is one. */
  errorId?: string;
  disabled?: boolean;
  ref?: Ref<OtpInputHandle>;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * One single-digit box per digit of the code (as many as `value` has): typing moves to the next box, Backspace on an empty box goes
 * back, arrows move, and pasting (or autofilling) the whole code fills every box.
 */
export function OtpInput({
  value,
  onChange,
  onFocus,
  labelledBy,
  errorId,
  disabled,
  ref,
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  useImperativeHandle(ref, () => ({ focus: () => boxes.current[0]?.focus() }), []);

  const focusBox = (index: number) => {
    boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();
  };

  /** Writes `digits` into the boxes from `start` on and focuses the box after them. */
  function fill(start: number, digits: string) {
    const next = [...value];
    const count = Math.min(digits.length, length - start);
    for (let offset = 0; offset < count; offset += 1) next[start + offset] = digits.charAt(offset);
    onChange(next);
    focusBox(start + count);
  }

  function handleChange(index: number, text: string) {
    const digits = onlyDigits(text);
    if (!digits) {
      onChange(value.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    if (digits.length >= length) {
      fill(0, digits.slice(0, length));
      return;
    }
    // The box normally has its digit selected, so typing replaces it; if the caret sat
    // beside the old digit instead, keep only what was typed.
    const previous = value[index] ?? '';
    let typed = digits;
    if (previous && digits.length > 1) {
      typed = digits.startsWith(previous) ? digits.slice(previous.length) : digits.slice(0, -1);
    }
    fill(index, typed);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      onChange(value.map((digit, i) => (i === index - 1 ? '' : digit)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const digits = onlyDigits(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!digits) return;
    if (digits.length >= length) fill(0, digits.slice(0, length));
    else fill(index, digits);
  }

  return (
    <div role="group" aria-labelledby={labelledBy} className="flex justify-between gap-2 sm:gap-3">
      {value.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1}`}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          value={digit}
          disabled={disabled}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => {
            event.target.select();
            onFocus?.();
          }}
          className={cn(
            'aspect-square w-full max-w-16 min-w-0 rounded-2xl border-2 border-line bg-surface-2 text-center font-display text-3xl font-black text-fg tabular-nums caret-lime transition',
            'hover:border-surface-3 focus-visible:border-cyan disabled:opacity-60 aria-invalid:border-danger',
            digit && 'border-lime/70',
          )}
        />
      ))}
    </div>
  );
}
