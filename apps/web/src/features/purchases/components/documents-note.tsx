import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Why ID and AML documents are asked and how they are kept: the purchase terms' clause 5. */
export const documentsWhy =
  'anti-money-laundering (AML) and know-your-customer rules require us to know who is buying, to check that you are 18 or older and that the money is yours. That is why a bank purchase asks for an ID document (front and back) and a recent bill or bank statement.';

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
        <strong className="text-fg">Why we ask for ID and a bill:</strong> {documentsWhy}
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
