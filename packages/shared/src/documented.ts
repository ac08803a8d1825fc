import { z } from 'zod';

/**
 * JSON Schema facts for the API document, for inputs the schemas check with code (a refine, a
 * trim and a case change) that zod cannot write as JSON Schema on its own. Given to `.meta()`, so
 * the document states exactly what the product accepts; parsing is unchanged.
 */

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;

/** A pattern that matches one of `words` in any letter case, with the white space schemas trim. */
export function anyCasePattern(words: readonly string[]) {
  const word = (w: string) =>
    [...w]
      .map((c) =>
        c.toLowerCase() !== c.toUpperCase()
          ? `[${c.toLowerCase()}${c.toUpperCase()}]`
          : c.replace(REGEX_SPECIAL, '\\$&'),
      )
      .join('');
  return `^\\s*(?:${words.map(word).join('|')})\\s*$`;
}

/** The e-mail rule of `isEmailAddress` (after the trim): one '@', no white space, a dot inside the domain. */
export const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$';

/** A UUID (any version, as zod's `z.uuid()` takes), or empty text for "not given". */
export const OPTIONAL_UUID_PATTERN = `^\\s*(?:${z.regexes.uuid().source.slice(1, -1)})?\\s*$`;

/** A positive decimal as text: digits, an optional fraction, at least one non-zero digit, 40 characters at most. */
export const POSITIVE_DECIMAL_PATTERN =
  '^\\s*(?=[0-9.]{1,40}\\s*$)(?=[0-9.]*[1-9])[0-9]+(?:\\.[0-9]+)?\\s*$';

/** The whole numbers from `min` to `max` written as text, as a query string carries them. */
export const digitsFromTo = (min: number, max: number) =>
  Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
