import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OtpPurpose } from '@tmc/shared';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useProveMailbox } from '../../features/auth/api/prove-mailbox';
import { AuthCard } from '../../features/auth/components/auth-card';
import { TextLink } from '../../features/auth/components/text-link';
import type { EmailState } from '../../features/auth/route-state';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The token of the mailed link (`#token=…`), taken out of the address bar: it works once. */
function takeToken(): string | null {
  const token = /(?:^#|&)token=([\w-]+)/.exec(window.location.hash)?.[1] ?? null;
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/**
 * /mailbox-proof: the link mailed when an address reached its wrong-code ceiling. Opening it
 * proves the mailbox; the visitor goes on to the code screen of that code, with the e-mail.
 */
export function MailboxProofRoute() {
  useDocumentTitle('Confirm your e-mail');
  const navigate = useNavigate();
  const prove = useProveMailbox();
  const [token] = useState(takeToken);
  const started = useRef(false);
  const [failed, setFailed] = useState<string | null>(token ? null : 'This link is not complete.');

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    prove.mutate(token, {
      onSuccess: ({ data, message }) => {
        toast.success(message);
        const state: EmailState = { email: data.email };
        void navigate(data.type === OtpPurpose.Reset ? paths.forgetPasswordOtp : paths.otp, {
          replace: true,
          state,
        });
      },
      onError: (error) => setFailed(error.message),
    });
  }, [token, prove, navigate]);

  return (
    <AuthCard title="Confirm your e-mail" description="Checking the link from your e-mail…">
      {failed ? (
        <div className="flex flex-col gap-3" role="alert">
          <p>{failed}</p>
          <TextLink to={paths.login}>Back to login</TextLink>
        </div>
      ) : (
        <p role="status" className="text-muted">
          One moment…
        </p>
      )}
    </AuthCard>
  );
}
