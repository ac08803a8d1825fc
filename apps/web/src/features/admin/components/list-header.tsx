import type { ReactNode } from 'react';
import { ListHeading, RefreshButton } from '../../../components/ui/list-toolbar';

interface ListHeaderProps {
  title: string;
  /** The total on the server; hidden until known. */
  count?: number;
  refreshing?: boolean;
  onRefresh?: () => void;
  /** Buttons next to the title, e.g. "Add bank". */
  actions?: ReactNode;
  /** Filter fields under the title. */
  filters?: ReactNode;
}

export function ListHeader({
  title,
  count,
  refreshing,
  onRefresh,
  actions,
  filters,
}: ListHeaderProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <ListHeading title={title} count={count} />
          {onRefresh ? <RefreshButton refreshing={refreshing} onRefresh={onRefresh} /> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {filters ? <div className="grid grid-cols-2 gap-3 md:grid-cols-4">{filters}</div> : null}
    </div>
  );
}
