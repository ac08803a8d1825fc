import { moveCreditSchema, type AdminTransaction } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { formatMoney } from '../../../lib/format';
import { useMoveCredit } from '../api/move-credit';
import { useAssignmentForm } from './assignment-form';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Moves the transfer that credited one order to the order it was meant for (reference, remark and,
 * for a transfer less than that order's quote, an optional override), audited by the server.
 */
export function MovePaymentDialog({
  transaction,
  onClose,
}: {
  /** The credited crypto order; null keeps the dialog closed. */
  transaction: AdminTransaction | null;
  onClose: () => void;
}) {
  const move = useMoveCredit();
  const form = useAssignmentForm();

  function close() {
    form.reset();
    onClose();
  }

  async function confirm() {
    if (!transaction) return;
    const body = form.parse(moveCreditSchema, { reference: true });
    if (!body) return;
    try {
      const { message } = await move.mutateAsync({ transactionId: transaction._id, body });
      toast.success(message || `Payment moved to ${body.reference}`);
      close();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <ConfirmDialog
      open={transaction !== null}
      title="Move payment to another order"
      confirmLabel="Move payment"
      confirmVariant="danger"
      busy={move.isPending}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {transaction ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            The transfer of{' '}
            <strong className="tabular-nums">
              {formatMoney(transaction.price, transaction.tokenSymbol)}
            </strong>{' '}
            credits {transaction.reference ?? 'this order'} of {transaction.user.email}.
          </p>
          <p className="text-sm text-muted">
            This order gives the transfer up and is reverted (its tokens leave the totals, its
            commissions are undone, its buyer is e-mailed); the transfer, read on the chain again,
            credits the order below with what it is worth at that order&apos;s frozen price.
          </p>
          {form.referenceField}
          {form.overrideFields}
          {form.remarkField}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
