import { formatAmount, formatTokenPrice } from '../../../lib/format';
import { useAdminStages } from '../api/get-admin-stages';
import { FigureTable } from './figure-table';

const tokens = (value: string) => formatAmount(value, 2, 2);

/** The dashboard's tokens sold per stage, in selling order (staff only). */
export function StageSales() {
  const query = useAdminStages();
  if (!query.data || query.data.length === 0) return null;
  return (
    <section aria-labelledby="stage-sales" className="card flex flex-col gap-3 p-5">
      <h2 id="stage-sales" className="text-xl">
        Tokens sold per stage
      </h2>
      {/* Focusable: on a phone the table scrolls sideways, by keyboard too. */}
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Tokens sold per stage"
      >
        <FigureTable
          caption="Tokens sold per stage"
          className="min-w-[560px] text-sm"
          head={['Stage', 'Price', 'Sold', 'Reserved', 'Cap', 'State']}
          rows={query.data.map((stage) => [
            stage.name,
            formatTokenPrice(stage.priceAud),
            <span className="font-bold">{tokens(stage.sold)}</span>,
            tokens(stage.reserved),
            tokens(stage.tokenCap),
            stage.state,
          ])}
        />
      </div>
    </section>
  );
}
