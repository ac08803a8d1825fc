import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { messages, type Bank, type Purchase } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { toast } from '../../../components/ui/toast';
import {
  UploadBox,
  type UploadBoxProps,
  type UploadedFile,
} from '../../../components/ui/upload-box';
import { focusFirstInvalid } from '../../../lib/focus-first-error';
import { formatDeadline, formatMoney, toFixedDecimal } from '../../../lib/format';
import { useAttachReceipt } from '../api/attach-receipt';

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
  const attach = useAttachReceipt(purchase._id);
  const [receipt, setReceipt] = useState<UploadedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A missing or refused receipt: bring the upload box into view with its message.
  useEffect(() => {
    if (error) focusFirstInvalid(formRef.current);
  }, [error]);
  const amount = toFixedDecimal(purchase.investmentAmount, 2);
  const paysInAud = purchase.userCurrency === 'AUD';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!receipt) {
      setError(messages.receipt);
      return;
    }
    try {
      const { data } = await attach.mutateAsync({
        receiptUrl: receipt.url,
        receiptType: receipt.kind,
      });
      setReceipt(null);
      onReceiptAttached(data.purchase);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      setError(message);
      toast.error(message);
    }
  }

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
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4"
        >
          <UploadBox
            label="Bank Receipt"
            required
            accept="image-or-pdf"
            hint="Required: a screenshot or PDF of your transfer."
            upload={upload}
            value={receipt}
            onChange={(value) => {
              setReceipt(value);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" size="lg" loading={attach.isPending} className="sm:self-end">
            Submit receipt
          </Button>
        </form>
      </section>
    </div>
  );
}
