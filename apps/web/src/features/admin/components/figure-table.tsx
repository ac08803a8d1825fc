import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A staff table of figures: a header row, then rows whose first cell names the row. */
export function FigureTable({
  caption,
  head,
  rows,
  className,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  className?: string;
}) {
  return (
    <table className={cn('w-full text-left tabular-nums', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="px-2 py-1 text-xs text-muted uppercase">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          <tr key={i} className="border-t border-line">
            {cells.map((c, j) =>
              j === 0 ? (
                <th key={j} scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                  {c}
                </th>
              ) : (
                <td key={j} className="px-2 py-1">
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
