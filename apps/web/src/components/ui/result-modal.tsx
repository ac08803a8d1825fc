import { useNavigate } from 'react-router';
import { Button } from './button';
import { Dialog } from './dialog';
import { AlertIcon, CheckCircleIcon } from './icons';

export type ResultAction = 'ok' | 'login' | 'buy' | 'transactions';

interface ResultModalProps {
  open: boolean;
  kind: 'success' | 'error';
  message: string;
  /** Buttons, in order; the first is the primary one. Defaults to OK. */
  actions?: readonly ResultAction[];
  onClose: () => void;
}

const actionButtons: Record<ResultAction, { label: string; to?: string }> = {
  ok: { label: 'OK' },
  login: { label: 'Login', to: '/login' },
  buy: { label: 'Buy now', to: '/token/buy' },
  transactions: { label: 'View Transactions', to: '/transaction' },
};

/** The spec's generic result modal: ERROR or SUCCESS, a message and a few ways out. */
export function ResultModal({ open, kind, message, actions = ['ok'], onClose }: ResultModalProps) {
  const navigate = useNavigate();
  const title = kind === 'success' ? 'SUCCESS' : 'ERROR';
  return (
    <Dialog open={open} onClose={onClose} title={title} size="sm">
      <div className="flex items-start gap-3">
        {kind === 'success' ? (
          <CheckCircleIcon className="shrink-0 text-3xl text-success" />
        ) : (
          <AlertIcon className="shrink-0 text-3xl text-danger" />
        )}
        <p className="pt-1 text-fg">{message}</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {actions.map((action, index) => {
          const { label, to } = actionButtons[action];
          return (
            <Button
              key={action}
              variant={index === 0 ? 'primary' : 'secondary'}
              onClick={() => {
                onClose();
                if (to) void navigate(to);
              }}
            >
              {label}
            </Button>
          );
        })}
      </div>
    </Dialog>
  );
}
