import { Link } from 'react-router';
import { presaleRequestPath } from '../../../config/paths';

/**
 * A list row's way into its order: a link, so it opens by keyboard and in a new tab too.
 */
export function OrderReferenceLink({
  purchaseId,
  reference,
}: {
  purchaseId: string;
  reference: string;
}) {
  return (
    <Link
      to={presaleRequestPath(purchaseId)}
      className="font-mono font-bold whitespace-nowrap text-cyan underline underline-offset-4 hover:text-lime"
    >
      {reference}
      <span className="sr-only"> (open the order)</span>
    </Link>
  );
}
