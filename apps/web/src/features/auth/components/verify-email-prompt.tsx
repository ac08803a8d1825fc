import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { VerifyEmailInline } from './verify-email-inline';

/** The header's reminder for a signed-in account whose e-mail is not verified yet. */
export function VerifyEmailPrompt({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Verify your e-mail
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Verify your e-mail"
        description="Use the code from the e-mail we sent you, or ask for a new one."
      >
        <VerifyEmailInline email={email} headed={false} onVerified={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
