// The standard PDF fonts only carry WinAnsi: anything else (a name in another script) prints as
// '?'. Intl writes some spaces as Unicode ones (before "am"/"pm"): those stay spaces.
export const printable = (text: string) =>
  text.replace(/[\u2000-\u200a\u202f\u205f]/g, ' ').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** Splits `text` into lines no wider than `width` points. */
export function wrap(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
