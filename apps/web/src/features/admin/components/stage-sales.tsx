import { formatAmount, formatTokenPrice } from '../../../lib/format';
import { useAdminStages } from '../api/get-admin-stages';

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
        <table className="w-full min-w-[560px] text-left text-sm tabular-nums">
          <caption className="sr-only">Tokens sold per stage</caption>
          <thead>
            <tr>
              {['Stage', 'Price', 'Sold', 'Reserved', 'Cap', 'State'].map((h) => (
                <th key={h} scope="col" className="px-2 py-1 text-xs text-muted uppercase">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.map((stage) => (
              <tr key={stage.id} className="border-t border-line">
                <th scope="row" className="px-2 py-1 font-normal">
                  {stage.name}
                </th>
                <td className="px-2 py-1">{formatTokenPrice(stage.priceAud)}</td>
                <td className="px-2 py-1 font-bold">{tokens(stage.sold)}</td>
                <td className="px-2 py-1">{tokens(stage.reserved)}</td>
                <td className="px-2 py-1">{tokens(stage.tokenCap)}</td>
                <td className="px-2 py-1">{stage.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
