import { useEffect, useRef } from 'react';

/** True while the form itself moves focus to an error (see clearOnUserFocus). */
let movingToError = false;

/** The frame to bring into view around a control: its label, hint and error (FieldFrame, UploadBox). */
export const FIELD_FRAME_ATTRIBUTE = 'data-field';

/**
 * Marks a control to focus for an error that aria-invalid cannot carry, e.g. a button that
 * accepts a disclaimer.
 */
export const FOCUS_ON_ERROR_ATTRIBUTE = 'data-invalid';

const INVALID = `:is([aria-invalid="true"], [${FOCUS_ON_ERROR_ATTRIBUTE}]):not(:disabled)`;

/**
 * Scrolls the first control marked invalid inside `container` (in page order) to the middle of
 * the screen and focuses it, so the error shows where the eye is. False when none is invalid.
 */
export function focusFirstInvalid(container: HTMLElement | null): boolean {
  const target = container?.querySelector<HTMLElement>(INVALID);
  if (!target) return false;
  const frame = target.closest<HTMLElement>(`[${FIELD_FRAME_ATTRIBUTE}]`) ?? target;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  frame.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  movingToError = true;
  try {
    target.focus({ preventScroll: true });
  } finally {
    movingToError = false;
  }
  return true;
}

/**
 * A field's focus handler that clears its error when the user moves to it (spec: "field
 * errors clear on focus"). When the form itself focused it to show that very error, the error
 * stays until the user types in the field.
 */
export function clearOnUserFocus(
  clear: () => void,
): (event: { currentTarget: EventTarget }) => void {
  return (event) => {
    if (movingToError) event.currentTarget.addEventListener('input', clear, { once: true });
    else clear();
  };
}

/**
 * After a submit that left errors, focuses the first invalid control of the form the returned
 * ref is attached to. Pass react-hook-form's `submitCount` and `errors`.
 */
export function useFocusFirstError(submitCount: number, errors: object) {
  const formRef = useRef<HTMLFormElement>(null);
  const invalid = Object.keys(errors).length > 0;
  useEffect(() => {
    if (submitCount > 0 && invalid) focusFirstInvalid(formRef.current);
  }, [submitCount, invalid]);
  return formRef;
}
