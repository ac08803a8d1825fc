import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages, type Transaction } from '@tmc/shared';
import { useLocation } from 'react-router';
import type { EmailState } from '../../features/auth/route-state';
import { paths } from '../../config/paths';
import { getSession, setSession } from '../../lib/session';
import { presaleConfigFixture, tokensFixture, userFixture } from '../../testing/fixtures';
import type { MockHandler } from '../../testing/mock-api';
import {
  expectLockedReferral,
  expectLoginRequired,
  expectNewAccountRequired,
  fillNewAccount,
} from '../../testing/guest-checkout';
import { renderFromBuyPage } from '../../testing/buy-route';
import { FakeXhr, png, urlOf, withFakeUploads } from '../../testing/uploads';
import { BuyCryptoRoute } from './buy-crypto';

const ADD = 'POST /v1/purchase/add-crypto';
const ADD_GUEST = 'POST /v1/purchase/add-crypto-noUser';
const VERIFY = 'POST /v1/transaction/verify-crypto-pay/t-1';
const HASH = `0x${'ab12'.repeat(16)}`;
const WALLET = presaleConfigFixture.companyWallet;

const transaction: Transaction = {
  _id: 't-1',
  createdAt: '2025-03-05T03:30:00.000Z',
  price: '0.050000000000000000',
  currency: 'ETH',
  tokenSymbol: 'ETH',
  tokenAmount: '5000.000000000000000000',
  userCurrency: 'ETH',
  userAmount: '0.050000000000000000',
  paymentStatus: 0,
  paymentMode: 1,
  txnHash: null,
  walletAddress: WALLET,
  purchaseId: 'p-1',
  quoteExpiresAt: null,
  stageId: null,
  stageName: null,
  received: null,
  missing: null,
};
const created = {
  status: 201,
  data: { userInfo: userFixture, purchase: { _id: 'p-1' }, transaction },
};

/** Stands in for /otp: says which e-mail it was sent for and whether a code was resent. */
function CodePage() {
  const state = useLocation().state as EmailState | null;
  return (
    <p>
      Code page for {state?.email}
      {state?.codeResent ? ', resent' : ''}
    </p>
  );
}

function renderCrypto(
  handlers: Record<string, MockHandler> = {},
  state: unknown = { price: '0.05', currency: 'ETH' },
  search = '',
) {
  return renderFromBuyPage(
    {
      'GET /v1/currency-rate/getCurrency': {
        data: { base: 'AUD', rates: { AUD: '1', ETH: '0.0002', USDC: '0.65' }, updatedAt: '' },
      },
      'POST /v1/upload-file': {
        data: { url: 'http://files.test/uploads/shot.png?sig=abc', key: 'shot', expiresAt: '' },
      },
      ...handlers,
    },
    [
      { path: paths.buyCrypto, element: <BuyCryptoRoute /> },
      { path: paths.transaction, element: <p>Transactions page</p> },
      { path: paths.otp, element: <CodePage /> },
    ],
    { pathname: paths.buyCrypto, search, state },
  );
}

const submit = () => screen.getByRole('button', { name: 'Submit' });
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

withFakeUploads();

describe('Crypto transfer screen', () => {
  it('shows 0 ETH without route state and asks for an amount on submit', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { api, user } = renderCrypto({}, null);
    expect(
      screen.getByRole('heading', { name: 'Pay with Crypto Transfer', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('0 ETH')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter one on the Buy page' })).toHaveAttribute(
      'href',
      paths.buy,
    );

    await user.click(submit());
    expect(await within(notifications()).findByText(messages.investmentAmount)).toBeInTheDocument();
    expect(api.bodies(ADD)).toEqual([]);
  });

  it('shows the amount, its token value, the accepted coins and the steps, but no wallet before the order', async () => {
    renderCrypto();
    expect(screen.getByText('0.05 ETH')).toBeInTheDocument();
    // 0.05 / 0.0002 × 1 = 250 AUD; 250 / 0.05 = 5,000 TMC.
    expect(await screen.findByText('250.00 AUD')).toBeInTheDocument();
    expect(screen.getByText('5,000.00 TMC')).toBeInTheDocument();
    expect(screen.getByText(/We accept/)).toHaveTextContent(
      'We accept ETH and USDC. Do not send anything yet: the exact amount to send in ETH is quoted when you place the order (this amount plus a few digits at the end that mark the payment as yours), together with the company wallet, its QR code and the time you have to pay.',
    );
    expect(screen.queryByText(WALLET)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    const steps = screen.getByRole('heading', { name: 'How to pay' })
      .nextElementSibling as HTMLElement;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Screenshot (optional but recommended)')).toBeInTheDocument();
    expect(screen.getByLabelText('User Remark')).toHaveValue('');
  });

  it('says the payment is detected by itself and the hash is only for a different amount (m3)', () => {
    renderCrypto();
    expect(screen.getByText(/^Submit your order/)).toHaveTextContent(
      'Submit your order, then send the exact amount of ETH or USDC to the company wallet: we detect the payment by itself.',
    );
    const steps = screen.getByRole('heading', { name: 'How to pay' })
      .nextElementSibling as HTMLElement;
    expect(within(steps).getAllByRole('listitem')[2]).toHaveTextContent(
      'We detect a transfer of the exact amount by itself: there is nothing else to do. The transaction hash is only needed if you sent a different amount, or if the payment does not show on your order within a few minutes: then verify it with the hash, right after submitting or later from Transactions.',
    );
    expect(screen.queryByText(/Copy the transaction hash/)).not.toBeInTheDocument();
    expect(
      screen.queryByText(/the transaction hash you verify afterwards/),
    ).not.toBeInTheDocument();
  });

  it('shows the USDC contract for a USDC order', () => {
    renderCrypto({}, { price: '100', currency: 'USDC' });
    expect(screen.getByText('100 USDC')).toBeInTheDocument();
    expect(screen.getByText(presaleConfigFixture.usdcAddress)).toBeInTheDocument();
  });

  it('submits a signed-in order with the screenshot, clears the form and verifies now', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { api, user, router } = renderCrypto({
      [ADD]: created,
      [VERIFY]: {
        message: 'Payment verified, your presale request is accepted',
        data: { transaction, msg: 'ok' },
      },
      'GET /v1/transaction/getUserTransaction': {
        data: { data: [], page: 1, limit: 10, totalResults: 0, totalPages: 0 },
      },
    });

    await user.upload(
      screen.getByLabelText('Screenshot (optional but recommended)'),
      png('shot.png'),
    );
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    (FakeXhr.all[0] as FakeXhr).progress(40);
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
    act(() => (FakeXhr.all[0] as FakeXhr).finish());
    await screen.findByRole('img', { name: 'Preview of shot.png' });
    await user.type(screen.getByLabelText('User Remark'), 'From my hardware wallet');
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Presale request submitted' });
    expect(api.bodies(ADD)).toEqual([
      {
        investmentAmount: '0.05',
        currency: 'ETH',
        receiptUrl: 'http://files.test/uploads/shot.png',
        receiptType: 'image',
        userRemark: 'From my hardware wallet',
      },
    ]);
    expect(within(dialog).getByText('0.05 ETH')).toBeInTheDocument();
    expect(within(dialog).getByText(WALLET)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy amount due' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/Quote valid for/)).not.toBeInTheDocument();
    // The form behind the dialog is empty again.
    expect(screen.queryByRole('img', { name: 'Preview of shot.png' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('User Remark')).toHaveValue('');

    await user.type(within(dialog).getByLabelText('Transaction Hash'), HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Verify After Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.presaleRequests));
    expect(api.bodies(VERIFY)).toEqual([{ txnHash: HASH }]);
    expect(
      within(notifications()).getByText('Payment verified, your presale request is accepted'),
    ).toBeInTheDocument();
  });

  it('shows the exact amount due in full, its payment request as a QR code and how long the quote holds', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2025-03-05T03:30:00.000Z'));
    setSession({ user: userFixture, tokens: tokensFixture() });
    const exact = {
      ...transaction,
      price: '0.050000000000123457',
      quoteExpiresAt: '2025-03-05T04:29:05.000Z',
      stageId: null,
      stageName: null,
      received: null,
      missing: null,
    };
    const { user } = renderCrypto({
      [ADD]: { ...created, data: { ...created.data, transaction: exact } },
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Presale request submitted' });

    expect(within(dialog).getByText('0.050000000000123457 ETH')).toBeInTheDocument();
    expect(within(dialog).getByText(/every digit counts/)).toHaveTextContent(
      /^Send exactly this amount of ETH to the company wallet/,
    );
    // p1: the rule for a different amount is said once, not in two paragraphs in a row.
    expect(within(dialog).getAllByText(/waits for our team/)).toHaveLength(1);
    // ETH sent through a contract has no transaction of its own: staff match it by hand.
    expect(within(dialog).getByText(/^Send ETH from an ordinary account/)).toHaveTextContent(
      /through a contract, such as a Safe .* is not credited automatically: our team handles it/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy amount due' }));
    expect(writeText).toHaveBeenLastCalledWith('0.050000000000123457');
    await user.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenLastCalledWith(WALLET);

    const qr = await within(dialog).findByRole('img', {
      name: 'QR code of the payment request: 0.050000000000123457 ETH to the company wallet',
    });
    const svg = decodeURIComponent(qr.getAttribute('src') ?? '');
    expect(svg).toMatch(/^data:image\/svg\+xml/);
    const qrcode = await import('qrcode');
    const expected = await qrcode.toString(`ethereum:${WALLET}@31337?value=50000000000123457`, {
      type: 'svg',
      margin: 2,
      errorCorrectionLevel: 'M',
      color: { dark: '#0b0b14', light: '#ffffff' },
    });
    expect(svg).toBe(`data:image/svg+xml;charset=utf-8,${expected}`);

    expect(within(dialog).getByText(/Quote valid for/)).toHaveTextContent('Quote valid for 59:05');
  });

  it('says a USDC quote is a transfer request on the token contract', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const usdc = { ...transaction, price: '40.000123', tokenSymbol: 'USDC', currency: 'USDC' };
    const { user } = renderCrypto(
      { [ADD]: { ...created, data: { ...created.data, transaction: usdc } } },
      { price: '40', currency: 'USDC' },
    );
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Presale request submitted' });
    expect(within(dialog).getByText('40.000123 USDC')).toBeInTheDocument();
    await within(dialog).findByRole('img', {
      name: 'QR code of the payment request: 40.000123 USDC to the company wallet',
    });
  });

  it('tells the buyer not to pay once the quote has expired', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const expired = { ...transaction, quoteExpiresAt: '2025-03-05T04:30:00.000Z' };
    const { user } = renderCrypto({
      [ADD]: { ...created, data: { ...created.data, transaction: expired } },
    });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Presale request submitted' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This quote has expired. Do not send this amount: place a new order for a fresh quote.',
    );
    expect(within(dialog).queryByText(/Quote valid for/)).not.toBeInTheDocument();
  });

  it('sends a signed-in order without optional fields, and can verify later', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { api, user, router } = renderCrypto({ [ADD]: created });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Presale request submitted' });
    expect(api.bodies(ADD)).toEqual([{ investmentAmount: '0.05', currency: 'ETH' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Verify later' }));
    // Transactions is where a payment is verified (Presale Requests has no Verify).
    expect(router.state.location.pathname).toBe(paths.transaction);
  });

  it('goes back one page when the success dialog closes', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { user, router } = renderCrypto({ [ADD]: created });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Presale request submitted' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.buy));
  });

  it("shows the verification's refusal and stays open", async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const refusal = 'The payment is 0.01 ETH short: 0.04 ETH received of 0.05 ETH due';
    const { user, router } = renderCrypto({
      [ADD]: created,
      [VERIFY]: { status: 400, message: refusal },
    });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Presale request submitted' });
    await user.type(within(dialog).getByLabelText('Transaction Hash'), HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Verify After Pay' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(notifications()).getByText(refusal)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.buyCrypto);
  });

  it("toasts the server's message and stops loading", async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { user } = renderCrypto({
      [ADD]: { status: 400, message: 'The minimum purchase is A$50' },
    });
    await user.click(submit());
    expect(
      await within(notifications()).findByText('The minimum purchase is A$50'),
    ).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a buying limit refusal with the link to the identity page', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const limit = 'To buy more than 10,000.00 AUD in 12 months, verify your identity first';
    const { user } = renderCrypto({
      [ADD]: { status: 403, message: limit, link: '/profile/identity' },
    });
    await user.click(submit());
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(limit);
    expect(notice).toHaveFocus();
    expect(within(notice).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/profile/identity',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a visitor to create an account, with the referral code locked and the terms', async () => {
    const { api, user } = renderCrypto(
      {
        [ADD_GUEST]: {
          status: 201,
          data: { ...created.data, data: { user: userFixture, tokens: tokensFixture() } },
        },
      },
      { price: '0.05', currency: 'ETH' },
      '?referral_code=JAMIE20',
    );
    await user.type(screen.getByLabelText('User Remark'), 'First buy');
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });
    expect(within(dialog).getByRole('tab', { name: 'Create new account' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expectLockedReferral(dialog, 'JAMIE20');

    await expectNewAccountRequired(user, dialog);
    expect(api.bodies(ADD_GUEST)).toEqual([]);

    await fillNewAccount(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create account and submit' }));

    expect(
      await screen.findByRole('dialog', { name: 'Presale request submitted' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Almost there' })).not.toBeInTheDocument();
    expect(api.bodies(ADD_GUEST)).toEqual([
      {
        investmentAmount: '0.05',
        currency: 'ETH',
        userRemark: 'First buy',
        name: 'Jamie Rivers',
        email: 'jamie@example.com',
        password: 'password1',
        referralCode: 'JAMIE20',
      },
    ]);
    const sent = api.spy.mock.calls.find(([input]) => urlOf(input).includes('add-crypto-noUser'));
    expect(new Headers(sent?.[1]?.headers).has('authorization')).toBe(false);
    expect(getSession().user?.email).toBe('jamie@example.com');
    expect(getSession().accessToken).toBe('access-1');
  });

  it('shows a new guest account the purchase terms, then the e-mail code entry on success', async () => {
    const unverified = { ...userFixture, emailVerified: false };
    const { api, user } = renderCrypto({
      [ADD_GUEST]: {
        status: 201,
        data: { ...created.data, data: { user: unverified, tokens: tokensFixture() } },
      },
      'POST /v1/auth/otpVerification': { message: 'Email verified successfully' },
    });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });
    await user.type(within(dialog).getByLabelText('Name'), 'Jamie Rivers');
    await user.type(within(dialog).getByLabelText('Email'), userFixture.email);
    await user.type(within(dialog).getByLabelText('Password'), 'password1');

    await user.click(within(dialog).getByRole('button', { name: 'Terms and Conditions' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(terms).toHaveAccessibleDescription('Purchase terms for TMC buyers');
    expect(
      within(terms).getByRole('heading', { name: /When and how tokens are delivered/ }),
    ).toBeInTheDocument();
    expect(within(terms).queryByText(/Affiliate programme agreement/)).not.toBeInTheDocument();
    expect(
      within(terms).getByRole('link', { name: 'Open the purchase terms in a new tab' }),
    ).toHaveAttribute('href', paths.purchaseTerms);
    await user.click(within(terms).getByRole('button', { name: 'Accept' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create account and submit' }));

    const success = await screen.findByRole('dialog', { name: 'Presale request submitted' });
    const verify = within(success).getByRole('region', { name: 'Verify your e-mail' });
    expect(verify).toHaveTextContent(`We sent a 4-digit code to ${userFixture.email}`);
    await user.click(within(verify).getByRole('textbox', { name: 'Digit 1' }));
    await user.paste('4815');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));

    expect(await within(notifications()).findByText('Email verified successfully')).toBeVisible();
    expect(api.bodies('POST /v1/auth/otpVerification')).toEqual([
      { otp: '4815', email: userFixture.email },
    ]);
    expect(getSession().user?.emailVerified).toBe(true);
    expect(
      within(success).queryByRole('region', { name: 'Verify your e-mail' }),
    ).not.toBeInTheDocument();
  });

  it('lets a visitor log in to proceed; switching tabs keeps only the e-mail', async () => {
    const { api, user } = renderCrypto({
      [ADD_GUEST]: { status: 400, message: messages.badCredentials },
    });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });

    await user.type(within(dialog).getByLabelText('Name'), 'Jamie');
    await user.type(within(dialog).getByLabelText('Email'), 'typed@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'typed-pass');
    await user.click(within(dialog).getByRole('tab', { name: 'Login to proceed' }));
    expect(within(dialog).getByLabelText('Email')).toHaveValue('typed@example.com');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(within(dialog).queryByLabelText('Name')).not.toBeInTheDocument();

    await expectLoginRequired(user, dialog);

    await user.type(within(dialog).getByLabelText('Email'), 'jamie@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('tab', { name: 'Create new account' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jamie@example.com');
    await user.click(within(dialog).getByRole('tab', { name: 'Login to proceed' }));
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jamie@example.com');

    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Login and submit' }));
    expect(await within(notifications()).findByText(messages.badCredentials)).toBeInTheDocument();
    expect(api.bodies(ADD_GUEST)).toEqual([
      {
        investmentAmount: '0.05',
        currency: 'ETH',
        email: 'jamie@example.com',
        password: 'wrong-password',
      },
    ]);
    expect(getSession().user).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Login and submit' })).toBeEnabled();
  });

  it('takes an unverified account from the login tab to the code screen, with no error toast', async () => {
    const { user } = renderCrypto({
      [ADD_GUEST]: { status: 403, message: messages.verifyEmail },
    });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });
    await user.click(within(dialog).getByRole('tab', { name: 'Login to proceed' }));
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Login and submit' }));

    expect(await screen.findByText('Code page for new@example.com, resent')).toBeInTheDocument();
    expect(within(notifications()).queryByText(messages.verifyEmail)).not.toBeInTheDocument();
  });

  it("shows a staff account the server's message, never the code screen (D1)", async () => {
    const { user } = renderCrypto({
      [ADD_GUEST]: {
        status: 403,
        message: 'Staff accounts cannot buy through the checkout, please log in on the login page',
      },
    });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });
    await user.click(within(dialog).getByRole('tab', { name: 'Login to proceed' }));
    await user.type(within(dialog).getByLabelText('Email'), 'staff@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Login and submit' }));

    expect(
      await screen.findByText(
        'Staff accounts cannot buy through the checkout, please log in on the login page',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Code page for/)).not.toBeInTheDocument();
  });

  it("shows 'Email already registered' at the e-mail field, with Log in instead keeping the e-mail", async () => {
    const { api, user } = renderCrypto({
      [ADD_GUEST]: {
        status: 400,
        message: messages.emailTaken,
        errors: { email: messages.emailTaken },
      },
    });
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });
    await user.type(within(dialog).getByLabelText('Name'), 'Jamie Rivers');
    await user.type(within(dialog).getByLabelText('Email'), 'taken@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'password1');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Create account and submit' }));

    const emailField = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(emailField).toHaveAccessibleDescription(messages.emailTaken));
    expect(emailField).toHaveAttribute('aria-invalid', 'true');
    expect(emailField).toHaveFocus();
    // Inline only: no toast says it a second time.
    expect(within(notifications()).queryByText(messages.emailTaken)).not.toBeInTheDocument();
    expect(api.bodies(ADD_GUEST)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Create account and submit' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Log in instead' }));
    expect(within(dialog).getByRole('tab', { name: 'Login to proceed' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByLabelText('Email')).toHaveValue('taken@example.com');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Login and submit' })).toBeInTheDocument();
  });
});
