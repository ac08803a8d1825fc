import { useId, type ComponentType, type ReactNode } from 'react';
import type { Bank, Purchase } from '@tmc/shared';
import { CopyButton } from '../../../components/ui/copy-button';
import type { UploadBoxProps } from '../../../components/ui/upload-box';
import { formatDeadline, formatMoney, toFixedDecimal } from '../../../lib/format';
import { ReceiptUploadForm } from './receipt-upload-form';

export interface BankPaymentPanelProps {
  purchase: Purchase;
  /** The account to pay into; null when the order names no bank any more. */
  bankAccount: Bank | null;
  BankDetails: ComponentType<{ bank: Bank }>;
  upload: UploadBoxProps['upload'];
  tokenSymbol: string;
  /** Called with the order once its receipt is attached. */
  onReceiptAttached: (purchase: Purchase) => void;
  /** Shown between the transfer and the receipt, e.g. the e-mail code entry of a new account. */
  children?: ReactNode;
  /** Heading level of the two steps (2 on a page of its own, 3 under a page heading). */
  headingLevel?: 2 | 3;
}

/**
 * What to pay and how, before paying: the reference, the exact amount and the bank account;
 * then the receipt upload, now or later (the order waits, Pending, until it comes).
 */
export function BankPaymentPanel({
  purchase,
  bankAccount,
  BankDetails,
  upload,
  tokenSymbol,
  onReceiptAttached,
  children,
  headingLevel = 2,
}: BankPaymentPanelProps) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const amount = toFixedDecimal(purchase.investmentAmount, 2);
  const paysInAud = purchase.userCurrency === 'AUD';

  return (
    <div className="flex flex-col gap-6">
      <section className="card flex flex-col gap-4 p-5 sm:p-6" aria-labelledby={`${id}-transfer`}>
        <Heading id={`${id}-transfer`} className="text-xl">
          Transfer the amount
        </Heading>
        <div className="flex flex-col gap-2 rounded-2xl border-2 border-lime bg-lime/10 p-4">
          <p className="text-sm font-bold text-muted">Your payment reference</p>
          <div className="flex flex-wrap items-center gap-3">
            <strong
              className="font-mono text-2xl tracking-wider wrap-anywhere text-lime"
              data-testid="payment-reference"
            >
              {purchase.reference}
            </strong>
            <CopyButton value={purchase.reference} ariaLabel="Copy payment reference" />
          </div>
          <p className="text-sm">
            Write this reference in the description of your bank transfer so we can match your
            payment.
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <p className="text-sm font-bold text-muted">Amount to transfer</p>
          <div className="flex flex-wrap items-center gap-3">
            <p
              className="font-display text-3xl font-black wrap-anywhere text-lime tabular-nums"
              data-testid="amount-due"
            >
              {amount} AUD
            </p>
            <CopyButton value={amount} ariaLabel="Copy amount" />
          </div>
          <p className="text-sm text-muted">
            {paysInAud ? null : (
              <>For {formatMoney(purchase.userAmount, purchase.userCurrency)}. </>
            )}
            You get{' '}
            <strong className="text-fg">{formatMoney(purchase.tokenAmount, tokenSymbol)}</strong>.
          </p>
        </div>
        {bankAccount ? (
          <BankDetails bank={bankAccount} />
        ) : (
          <p className="text-muted">{purchase.bank?.bankName ?? '-'}</p>
        )}
      </section>

      {children}

      <section
        className="card flex flex-col gap-4 p-5 sm:p-6"
        aria-labelledby={`${id}-receipt-heading`}
      >
        <Heading id={`${id}-receipt-heading`} className="text-xl">
          Upload your receipt
        </Heading>
        <p className="text-sm text-muted">
          Once you have made the transfer, upload its receipt here. You can also do it later from
          this order&rsquo;s page under Presale Requests.
        </p>
        {purchase.paymentDueAt ? (
          <p className="text-sm" data-testid="payment-due">
            Pay and upload the receipt by{' '}
            <strong className="text-fg">{formatDeadline(purchase.paymentDueAt)}</strong>. After that
            the order ends (Not Accepted): a receipt after that is a late payment, which we offer at
            the price of the day or refund.
          </p>
        ) : null}
        <ReceiptUploadForm
          purchaseId={purchase._id}
          upload={upload}
          label="Bank Receipt"
          hint="Required: a screenshot or PDF of your transfer."
          submitLabel="Submit receipt"
          submitSize="lg"
          focusOnError
          onAttached={({ data }) => onReceiptAttached(data.purchase)}
        />
      </section>
    </div>
  );
}
