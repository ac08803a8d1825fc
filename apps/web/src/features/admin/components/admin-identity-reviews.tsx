import { useEffect, useState, type FormEvent } from 'react';
import {
  IDENTITY_REASON_MAX,
  IDENTITY_REVIEW_STATES,
  identityReviewStateLabel,
  type AdminIdentityReview,
  type IdentityReviewState,
} from '@tmc/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { StaffList, withAll } from '../../../components/ui/paged-list';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useListState } from '../../../lib/use-list-state';
import { useDecideIdentityReview } from '../api/decide-identity-review';
import { useIdentityDocuments } from '../api/get-identity-documents';
import { useIdentityReviews } from '../api/get-identity-reviews';
import { PersonCell } from './staff-cells';

const stateTone: Record<IdentityReviewState, BadgeTone> = {
  pending: 'pink',
  approved: 'success',
  rejected: 'muted',
};

type Counts = Record<IdentityReviewState, number>;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Rejecting needs a reason: the buyer reads it on their Identity page and in the e-mail. */
function RejectDialog({
  review,
  onClose,
}: {
  review: AdminIdentityReview | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const decide = useDecideIdentityReview();
  const close = () => {
    setReason('');
    onClose();
  };
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!review || !reason.trim()) return;
    try {
      const { message } = await decide.mutateAsync({
        reviewId: review.id,
        decision: { step: 'reject', reason: reason.trim() },
      });
      toast.success(message || 'Identity rejected');
      close();
    } catch (error) {
      toast.error(errorText(error));
    }
  }
  return (
    <Dialog
      open={review !== null}
      onClose={close}
      dismissible={!decide.isPending}
      title="Reject identity"
      description={review ? `${review.user.name} (${review.user.email})` : undefined}
    >
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <TextField
          label="Reason (the buyer reads it)"
          required
          maxLength={IDENTITY_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={close} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={decide.isPending} disabled={!reason.trim()}>
            Reject
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The review's two documents: links made on opening, valid for a minute (each opening audited). */
function DocumentsDialog({
  review,
  onClose,
}: {
  review: AdminIdentityReview | null;
  onClose: () => void;
}) {
  const documents = useIdentityDocuments();
  const { mutate, reset } = documents;
  const reviewId = review?.id ?? null;
  useEffect(() => {
    if (reviewId) mutate(reviewId);
  }, [reviewId, mutate]);
  const close = () => {
    reset();
    onClose();
  };
  const shown = review && documents.variables === review.id ? documents.data : undefined;
  const link = (href: string, label: string, kind: string) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded font-bold text-cyan underline underline-offset-4"
    >
      {label} ({kind === 'pdf' ? 'PDF' : 'image'})
    </a>
  );
  return (
    <Dialog
      open={review !== null}
      onClose={close}
      title="Identity documents"
      description={review ? `${review.user.name} (${review.user.email})` : undefined}
    >
      <div className="flex flex-col gap-4">
        {documents.isError && documents.variables === review?.id ? (
          <p role="alert" className="text-danger">
            {errorText(documents.error)}
          </p>
        ) : shown && review ? (
          <>
            <ul className="flex flex-col gap-2">
              <li>{link(shown.documentUrl, 'ID document', review.documentType)}</li>
              <li>
                {link(
                  shown.secondDocumentUrl,
                  'Selfie or second document',
                  review.secondDocumentType,
                )}
              </li>
            </ul>
            <p className="text-sm text-muted">
              These links open the files until {formatDateTime(shown.expiresAt)}. Opening this
              dialog is recorded in the audit log.
            </p>
          </>
        ) : (
          <Spinner label="Making links…" />
        )}
        <div className="flex justify-end">
          <Button variant="ghost" onClick={close}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The identity queue: documents buyers sent to raise their buying limit, to approve or reject. */
export function AdminIdentityReviews() {
  const list = useListState({ state: 'pending' });
  const query = useIdentityReviews(list.params);
  const decide = useDecideIdentityReview();
  const [rejecting, setRejecting] = useState<AdminIdentityReview | null>(null);
  const [viewing, setViewing] = useState<AdminIdentityReview | null>(null);
  const counts = (query.data as { counts?: Counts } | undefined)?.counts;
  const stateOptions = IDENTITY_REVIEW_STATES.map((state) => ({
    value: state,
    label: counts
      ? `${identityReviewStateLabel[state]} (${counts[state]})`
      : identityReviewStateLabel[state],
  }));

  async function approve(review: AdminIdentityReview) {
    try {
      const { message } = await decide.mutateAsync({
        reviewId: review.id,
        decision: { step: 'approve' },
      });
      toast.success(message || 'Identity approved');
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  const columns: Column<AdminIdentityReview>[] = [
    {
      id: 'buyer',
      header: 'Buyer',
      cell: (row) => <PersonCell name={row.user.name} email={row.user.email} />,
      className: 'min-w-36',
    },
    {
      id: 'sent',
      header: 'Sent',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <span>{formatDateTime(row.submittedAt)}</span>
          <span className="text-xs text-muted">
            Bought in 12 months: {formatMoney(row.usedAud, 'AUD')}
          </span>
        </span>
      ),
    },
    {
      id: 'documents',
      header: 'Documents',
      cell: (row) => (
        <Button size="sm" variant="secondary" onClick={() => setViewing(row)}>
          View documents
        </Button>
      ),
    },
    {
      id: 'state',
      header: 'State',
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={stateTone[row.state]}>{identityReviewStateLabel[row.state]}</Badge>
          {row.reason ? <span className="text-xs break-words text-muted">{row.reason}</span> : null}
          {row.decidedAt ? (
            <span className="text-xs text-muted">
              {formatDateTime(row.decidedAt)}
              {row.decidedBy ? ` by ${row.decidedBy}` : ''}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) =>
        row.state === 'pending' ? (
          <div className="flex flex-col items-stretch gap-2 sm:items-start">
            <Button size="sm" loading={decide.isPending} onClick={() => void approve(row)}>
              Approve
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setRejecting(row)}>
              Reject
            </Button>
          </div>
        ) : null,
    },
  ];

  return (
    <StaffList
      title="Identity reviews"
      list={list}
      query={query}
      filtersClassName="grid-cols-1 sm:grid-cols-2 md:grid-cols-4"
      filters={[{ kind: 'select', name: 'state', label: 'State', options: withAll(stateOptions) }]}
      columns={columns}
      emptyTitle="No identity reviews here"
      emptyDescription="Documents buyers send to raise their buying limit show up here."
    >
      <RejectDialog review={rejecting} onClose={() => setRejecting(null)} />
      <DocumentsDialog review={viewing} onClose={() => setViewing(null)} />
    </StaffList>
  );
}
