import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

const INK = '#0b0b14';
const LIME = '#d4ff3a';
const PINK = '#ff4fd8';
const CYAN = '#3de8ff';
const PAPER = '#f5f5ff';

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className="size-16 shrink-0 drop-shadow-[0_3px_0_#000] sm:size-20"
    >
      <g stroke={INK} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </svg>
  );
}

/** A phone with a download arrow: get the wallet app. */
function InstallArt() {
  return (
    <Frame>
      <rect x="17" y="4" width="30" height="56" rx="6" fill={CYAN} />
      <rect x="21" y="11" width="22" height="38" rx="2" fill={PAPER} />
      <path d="M32 18v18M25 29l7 7 7-7" fill="none" stroke={INK} />
      <path d="M25 42h14" fill="none" />
      <circle cx="32" cy="54" r="2" fill={INK} />
    </Frame>
  );
}

/** A sheet of paper with numbered words and a pencil: the recovery phrase, written down. */
function PhraseArt() {
  return (
    <Frame>
      <path d="M12 6h30l10 10v42H12z" fill={PAPER} />
      <path d="M42 6v10h10" fill="none" />
      <path d="M18 24h8M30 24h14M18 32h12M34 32h10M18 40h6M28 40h16M18 48h14" fill="none" />
      <path d="m44 58 14-24 5 3-14 24-6 2z" fill={LIME} />
    </Frame>
  );
}

/** A padlock with a crossed-out speech bubble: never share the phrase. */
function SecretArt() {
  return (
    <Frame>
      <path
        d="M6 8h30a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4H18l-8 7v-7H6a4 4 0 0 1-4-4V12a4 4 0 0 1 4-4z"
        fill={PAPER}
      />
      <path d="M10 14 32 26M32 14 10 26" fill="none" stroke={PINK} strokeWidth="3.5" />
      <path d="M38 36v-6a9 9 0 0 1 18 0v6" fill="none" />
      <rect x="32" y="36" width="30" height="24" rx="5" fill={LIME} />
      <path d="M47 45v6" fill="none" />
    </Frame>
  );
}

/** A card with an 0x address and a copy icon. */
function CopyArt() {
  return (
    <Frame>
      <rect x="3" y="14" width="48" height="26" rx="6" fill={PAPER} />
      <text
        x="9"
        y="32"
        fill={INK}
        stroke="none"
        fontFamily="ui-monospace, monospace"
        fontSize="12"
        fontWeight="700"
      >
        0x7a…
      </text>
      <rect x="36" y="32" width="20" height="22" rx="4" fill={PINK} />
      <rect x="42" y="38" width="20" height="22" rx="4" fill={LIME} />
    </Frame>
  );
}

/** A form field with the address pasted in and a check mark. */
function PasteArt() {
  return (
    <Frame>
      <rect x="3" y="16" width="58" height="20" rx="6" fill={PAPER} />
      <path d="M9 26h30" fill="none" stroke={INK} strokeDasharray="4 3" />
      <path d="M44 20v12" fill="none" stroke={CYAN} strokeWidth="3" />
      <rect x="14" y="42" width="36" height="16" rx="8" fill={LIME} />
      <path d="m25 50 4 4 9-8" fill="none" />
    </Frame>
  );
}

const steps: { title: string; body: ReactNode; art: ReactNode }[] = [
  {
    title: 'Install a wallet app',
    body: (
      <>
        Install a self-custody wallet such as MetaMask from its official website or your
        phone&rsquo;s app store. Check the publisher&rsquo;s name: fake wallet apps exist.
      </>
    ),
    art: <InstallArt />,
  },
  {
    title: 'Create a wallet and back up the recovery phrase offline',
    body: (
      <>
        Choose <strong className="text-fg">Create a new wallet</strong>. The app shows a recovery
        phrase of 12 or 24 words: write them on paper, in order, and keep it somewhere safe. No
        screenshots, e-mails or cloud notes.
      </>
    ),
    art: <PhraseArt />,
  },
  {
    title: 'Never share your recovery phrase',
    body: (
      <>
        Whoever has those words owns everything in the wallet. Nobody from TMC will ever ask for
        your recovery phrase or private key, and no real support agent needs it.
      </>
    ),
    art: <SecretArt />,
  },
  {
    title: 'Copy your 0x address',
    body: (
      <>
        In the app, tap your account or <strong className="text-fg">Receive</strong> to copy your
        public address. It starts with <code className="font-mono text-fg">0x</code> and has 42
        characters. This one is safe to share.
      </>
    ),
    art: <CopyArt />,
  },
  {
    title: 'Paste it here',
    body: (
      <>
        Paste the address into <strong className="text-fg">Wallet Address</strong> on this page and
        press <strong className="text-fg">Update wallet</strong>. Your TMC will be sent to it.
      </>
    ),
    art: <PasteArt />,
  },
];

/** 'How do I create a wallet?': opens an illustrated, step-by-step guide. */
export function WalletHelp({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const onClose = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="self-start rounded text-sm font-bold text-cyan underline underline-offset-4 hover:text-lime"
      >
        How do I create a wallet?
      </button>
      <Dialog
        open={open}
        onClose={onClose}
        title="How do I create a wallet?"
        description="Five steps, about five minutes."
        size="lg"
        footer={<Button onClick={onClose}>Got it</Button>}
      >
        <ol className="flex flex-col gap-3">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="flex items-start gap-4 rounded-2xl border-2 border-line bg-surface-2 p-3 sm:p-4"
            >
              {step.art}
              <div className="flex min-w-0 flex-col gap-1">
                <h3 className="text-base sm:text-lg">
                  <span className="text-lime">Step {index + 1}.</span> {step.title}
                </h3>
                <p className="text-sm leading-relaxed text-muted">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </Dialog>
    </>
  );
}
