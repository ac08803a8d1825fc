import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * What ID and AML documents are for and how they are kept: the purchase terms' clause 5. They are
 * optional fields of a bank purchase (spec section 2, API.md), so nothing here says they are required.
 */
export const documentsWhy =
  'anti-money-laundering (AML) and know your customer (KYC) rules require us to know who is buying, that you are 18 or older and that the money is yours. An ID document (front and back) and a recent bill or bank statement show this. They are optional when you order; adding them helps our team review your request.';

export const documentsKept =
  'your documents and receipts are held in private storage, never public. Only our staff can open them, to review your request, through signed links that expire after a few minutes. We do not sell or share them, except where the law requires it.';

/** The explanation next to the document fields of a bank purchase. */
export function DocumentsNote({ id }: { id?: string }) {
  return (
    <div
      id={id}
      className="flex flex-col gap-2 rounded-2xl border-2 border-line bg-surface-2 p-3 text-sm text-muted"
    >
      <p>
        <strong className="text-fg">What ID and a bill are for:</strong> {documentsWhy}
      </p>
      <p>
        <strong className="text-fg">How we keep them:</strong> {documentsKept}{' '}
        <Link
          to={paths.purchaseTerms}
          target="_blank"
          className="font-bold text-cyan underline underline-offset-2 hover:text-lime"
        >
          Purchase terms, clause 5<span className="sr-only"> (opens in a new tab)</span>
        </Link>
      </p>
    </div>
  );
}
