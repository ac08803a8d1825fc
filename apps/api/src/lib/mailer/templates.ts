/** What one e-mail says; the layout (brand, footer, HTML and text) is shared by all of them. */
interface MailContent {
  subject: string;
  /** Paragraphs before the code (or the whole message when there is no code). */
  lines: string[];
  code?: string;
  /** Paragraphs after the code. */
  after?: string[];
}

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi there,');

/** Every e-mail the site sends. Adding one is adding an entry here: its type follows. */
const contents = {
  verifyEmail: ({ name, code }: { name: string; code: string }): MailContent => ({
    subject: 'Your TMC verification code',
    lines: [greeting(name), 'Welcome aboard! Enter this code to verify your e-mail address:'],
    code,
    after: [
      'It expires in 10 minutes. If you did not sign up for TMC, you can ignore this e-mail.',
    ],
  }),
  resetPassword: ({ code }: { code: string }): MailContent => ({
    subject: 'Reset your TMC password',
    lines: [
      'Hi there,',
      'Someone (hopefully you) asked to reset your TMC password. Here is your code:',
    ],
    code,
    after: [
      'It expires in 10 minutes. If it was not you, ignore this e-mail: your password stays as it is.',
    ],
  }),
  welcome: ({ name }: { name: string }): MailContent => ({
    subject: 'Welcome to TMC',
    lines: [
      greeting(name),
      'Your e-mail is verified and your account is ready. Grab your tokens in the presale and share your referral link with friends.',
      'To the moon!',
    ],
  }),
  passwordChanged: ({ name }: { name: string }): MailContent => ({
    subject: 'Your TMC password was changed',
    lines: [
      greeting(name),
      'Your TMC password was just changed. If that was you, all good.',
      'If it was not, reset your password right away and get in touch with us.',
    ],
  }),
};

type Contents = typeof contents;
export type MailKind = keyof Contents;
export type MailTemplate = { [K in MailKind]: { kind: K } & Parameters<Contents[K]>[0] }[MailKind];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const FOOTER =
  'TMC is a meme token, not a financial product. You must be 18 or older to take part.';

const BRAND = {
  background: '#0b0b14',
  panel: '#15152a',
  accent: '#d4ff3a',
  text: '#f4f4f8',
  muted: '#9a9ab0',
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function contentOf(template: MailTemplate): MailContent {
  // The union is keyed by `kind`, so the entry always takes this template's fields.
  const make = contents[template.kind] as (t: MailTemplate) => MailContent;
  return make(template);
}

/** The one-time code a template carries, if any (the dev outbox prints it). */
export const codeOf = (template: MailTemplate): string | undefined => contentOf(template).code;

export function renderMail(template: MailTemplate): RenderedMail {
  const { subject, lines, code, after = [] } = contentOf(template);

  const text = [
    'TMC',
    '',
    ...lines.flatMap((l) => [l, '']),
    ...(code ? [`    ${code}`, ''] : []),
    ...after.flatMap((l) => [l, '']),
    '--',
    FOOTER,
    '',
  ].join('\n');

  const paragraph = (l: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${BRAND.text}">${escapeHtml(l)}</p>`;
  const codeBlock = code
    ? `<p style="margin:8px 0 24px;text-align:center"><span style="display:inline-block;padding:12px 24px;border-radius:12px;background:${BRAND.background};border:2px solid ${BRAND.accent};color:${BRAND.accent};font-family:'Courier New',monospace;font-size:40px;font-weight:700;letter-spacing:12px">${escapeHtml(code)}</span></p>`
    : '';

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${BRAND.background}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.background};font-family:Arial,Helvetica,sans-serif">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px">
<tr><td style="padding:0 0 24px;font-size:32px;font-weight:900;letter-spacing:2px;color:${BRAND.accent}">TMC</td></tr>
<tr><td style="padding:32px 28px;border-radius:16px;background:${BRAND.panel}">
${[...lines.map(paragraph), codeBlock, ...after.map(paragraph)].filter(Boolean).join('\n')}
</td></tr>
<tr><td style="padding:24px 4px 0;font-size:12px;line-height:18px;color:${BRAND.muted}">${escapeHtml(FOOTER)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return { subject, text, html };
}
