import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type Bank } from '@tmc/shared';
import { paths, presaleRequestPattern } from '../../config/paths';
import type { BankRouteState } from '../../features/purchases/route-state';
import { getSession, setSession } from '../../lib/session';
import { tokensFixture, userFixture } from '../../testing/fixtures';
import type { MockHandler, MockReply } from '../../testing/mock-api';
import {
  expectLockedReferral,
  expectLoginRequired,
  expectNewAccountRequired,
  fillNewAccount,
} from '../../testing/guest-checkout';
import { renderFromBuyPage } from '../../testing/buy-route';
import { FakeXhr, png, urlOf, withFakeUploads } from '../../testing/uploads';
import { BuyBankRoute } from './buy-bank';

const order: BankRouteState = {
  price: '500',
  userCurrency: 'EUR',
  convertedAmount: '833.33',
  currency: 'AUD',
};

const bank: Bank = {
  _id: 'bank-1',
  bankName: 'Demo Bank of Australia',
  accountHolder: 'TMC Presale Pty Ltd',
  BIC: 'DEMOAU2S',
  RoutingNumber: '062-000',
  accountNumber: '12345678',
  currency: 'AUD',
};

const purchase = {
  _id: 'p-1',
  reference: 'TMC-7K3Q9',
  status: 0,
  paymentMode: 0,
  investmentAmount: '833.33',
  tokenAmount: '41666.50',
  userAmount: '500.00',
  userCurrency: 'EUR',
  receiptUrl: null,
  bank: { bankName: 'Demo Bank of Australia' },
};
const withReceipt = {
  ...purchase,
  receiptUrl: 'http://files.test/r.png?sig=1',
  receiptType: 'image',
};
const ORDER = 'POST /v1/purchase/bank-order';
const GUEST_ORDER = 'POST /v1/purchase/bank-order-noUser';
const RECEIPT = 'POST /v1/purchase/p-1/receipt';

let uploads = 0;
const uploadHandler: MockHandler = () => {
  uploads += 1;
  return {
    data: {
      url: `http://files.test/uploads/f${uploads}.png?sig=abc`,
      key: `f${uploads}`,
      expiresAt: '',
    },
  };
};

function renderBank(
  handlers: Record<string, MockHandler> = {},
  url: string = paths.buyBank,
  state: unknown = order,
) {
  return renderFromBuyPage(
    {
      'GET /v1/bank/getBankDetailsByCurrency/AUD': { data: [bank] },
      'POST /v1/upload-file': uploadHandler,
      ...handlers,
    },
    [
      { path: paths.buyBank, element: <BuyBankRoute /> },
      { path: presaleRequestPattern, element: <p>Order page</p> },
    ],
    {
      pathname: url.split('?')[0],
      search: url.includes('?') ? `?${url.split('?')[1]}` : '',
      state,
    },
  );
}

const fileInput = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const bankSelect = () => screen.getByRole('combobox', { name: 'Bank' });
const submit = () => screen.getByRole('button', { name: 'Continue to bank transfer' });

withFakeUploads(() => {
  uploads = 0;
});

describe('Bank transfer screen', () => {
  it('sends a visitor without route state back to the buy page', async () => {
    const { router } = renderBank({}, `${paths.buyBank}?referral_code=JAMIE20`, null);
    expect(await screen.findByText('Buy page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?referral_code=JAMIE20');
  });

  it('chooses a single bank and names it, but shows no account, reference or copy button before the order', async () => {
    renderBank();
    await waitFor(() => expect(bankSelect()).toHaveValue('bank-1'));
    expect(screen.getByText('833.33 AUD')).toBeInTheDocument();
    expect(
      screen.getByText('For 500.00 EUR, converted to AUD at today’s rate.'),
    ).toBeInTheDocument();
    // The whole name, even when the closed box cuts it short.
    expect(bankSelect()).toHaveAttribute('title', 'Demo Bank of Australia');
    expect(bankSelect()).toHaveAccessibleDescription('You pay into Demo Bank of Australia.');
    for (const value of ['TMC Presale Pty Ltd', 'DEMOAU2S', '062-000', '12345678'])
      expect(screen.queryByText(value)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Copy/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        /the account details and your payment reference are shown once the order is placed/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/upload your receipt and submit/)).not.toBeInTheDocument();
  });

  it('says nothing of a conversion for an order in AUD (p12)', async () => {
    renderBank({}, paths.buyBank, {
      ...order,
      price: '300',
      userCurrency: 'AUD',
      convertedAmount: '300.00',
    });
    await waitFor(() => expect(bankSelect()).toHaveValue('bank-1'));
    expect(screen.getByText('300.00 AUD')).toBeInTheDocument();
    expect(screen.queryByText(/converted to AUD/)).not.toBeInTheDocument();
  });

  it('groups the ID and AML documents under Optional details, never as asked for', () => {
    renderBank();
    const optional = screen.getByRole('region', { name: '2. Optional details' });
    for (const label of ['Document Id Front', 'Document Id Back', 'Billing Document (AML)']) {
      const box = within(optional).getByLabelText(label);
      expect(box).not.toHaveAttribute('aria-required');
      expect(box).toHaveAccessibleDescription(/^Optional/);
    }
    expect(within(optional).queryByText(/we ask for|asks for/i)).not.toBeInTheDocument();
    expect(within(optional).getByText(/They are optional when you order/)).toBeInTheDocument();
  });

  it('leaves the choice to the buyer when there are several banks, and checks the bank', async () => {
    const other = { ...bank, _id: 'bank-2', bankName: 'Second Bank' };
    const { api, user } = renderBank({
      'GET /v1/bank/getBankDetailsByCurrency/AUD': { data: [bank, other] },
    });
    await screen.findByRole('option', { name: 'Second Bank' });
    expect(bankSelect()).toHaveValue('');

    await user.click(submit());
    expect(await screen.findByText(messages.bank)).toBeInTheDocument();
    // No receipt is asked for before the buyer has the reference.
    expect(screen.queryByText(messages.receipt)).not.toBeInTheDocument();
    expect(api.bodies(ORDER)).toEqual([]);

    await user.selectOptions(bankSelect(), 'bank-2');
    expect(screen.queryByText(messages.bank)).not.toBeInTheDocument();
    expect(bankSelect()).toHaveAccessibleDescription('You pay into Second Bank.');
  });

  it('shows the upload percent, takes one file only and resets on remove', async () => {
    const { api, user } = renderBank();
    const dropZone = screen.getAllByText(/drop a file here/i)[0] as HTMLElement;
    fireEvent.drop(dropZone, { dataTransfer: { files: [png('a.png'), png('b.png')] } });
    expect(screen.getByText(messages.oneDocument)).toBeInTheDocument();

    await user.upload(fileInput('Document Id Front'), png());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0] as FakeXhr;
    expect(api.bodies('POST /v1/upload-file')).toEqual([
      { fileName: 'receipt.png', contentType: 'image/png', size: 4 },
    ]);
    const uploadCall = api.spy.mock.calls.find(([input]) => urlOf(input).includes('upload-file'));
    expect(new Headers(uploadCall?.[1]?.headers).has('authorization')).toBe(false);
    expect(xhr.url).toBe('http://files.test/uploads/f1.png?sig=abc');
    expect(xhr.headers['content-type']).toBe('image/png');

    xhr.progress(42);
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    act(() => xhr.finish());
    expect(await screen.findByRole('img', { name: 'Preview of receipt.png' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove receipt.png' }));
    expect(screen.queryByRole('img', { name: 'Preview of receipt.png' })).not.toBeInTheDocument();
    expect(fileInput('Document Id Front')).toBeInTheDocument();
  });

  it('takes only a pdf as the billing document', () => {
    renderBank();
    fireEvent.change(fileInput('Billing Document (AML)'), { target: { files: [png()] } });
    expect(screen.getByText(messages.pdfOnly)).toBeInTheDocument();
  });

  it("places a signed-in buyer's order and moves to its own page, the payment step, in place of the form", async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const { api, user, router } = renderBank({
      [ORDER]: { status: 201, data: { userInfo: userFixture, purchase } },
      [RECEIPT]: { data: { purchase: withReceipt } },
    });
    await waitFor(() => expect(bankSelect()).toHaveValue('bank-1'));
    await user.type(screen.getByLabelText('Wallet'), '0x123');
    await user.click(submit());
    expect(await screen.findByText(messages.walletFormat)).toBeInTheDocument();

    const wallet = `0x${'ab'.repeat(20)}`;
    await user.clear(screen.getByLabelText('Wallet'));
    await user.type(screen.getByLabelText('Wallet'), wallet);
    await user.type(screen.getByLabelText('User Remark'), 'Paid from my savings account');
    await user.click(submit());

    // The payment step is the order's own address, replacing the form in the history.
    await waitFor(() => expect(router.state.location.pathname).toBe('/presale-requests/p-1'));
    expect(screen.getByText('Order page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(FakeXhr.all).toHaveLength(0);
    const [body] = api.bodies(ORDER) as Record<string, unknown>[];
    expect(body).toEqual({
      investmentAmount: '833.33',
      currency: 'AUD',
      userCurrency: 'EUR',
      userAmount: '500',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      bankId: 'bank-1',
      wallet,
      userRemark: 'Paid from my savings account',
    });
    const sent = api.spy.mock.calls.find(([input]) => urlOf(input).includes('/bank-order'));
    expect(new Headers(sent?.[1]?.headers).get('authorization')).toBe('Bearer access-1');
  });

  it('does not send a saved wallet again', async () => {
    setSession({
      user: { ...userFixture, walletAddress: `0x${'cd'.repeat(20)}` },
      tokens: tokensFixture(),
    });
    const { api, user } = renderBank({
      [ORDER]: { status: 201, data: { userInfo: userFixture, purchase } },
    });
    expect(screen.getByLabelText('Wallet')).toBeDisabled();
    expect(screen.getByLabelText('Wallet')).toHaveValue(`0x${'cd'.repeat(20)}`);
    await waitFor(() => expect(bankSelect()).toHaveValue('bank-1'));
    await user.click(submit());
    await screen.findByText('Order page');
    expect(api.bodies(ORDER)[0]).not.toHaveProperty('wallet');
  });

  it("toasts the server's message, and the spec's text for a lost session", async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    let reply: { status: number; message: string } = {
      status: 400,
      message: messages.ratesChanged,
    };
    const { user } = renderBank({
      [ORDER]: () => reply,
      'POST /v1/auth/refresh-tokens': { status: 401, message: 'Please authenticate' },
    });
    await waitFor(() => expect(bankSelect()).toHaveValue('bank-1'));
    await user.click(submit());
    expect(await screen.findByText(messages.ratesChanged)).toBeInTheDocument();

    reply = { status: 401, message: 'Please authenticate' };
    await user.click(submit());
    expect(await screen.findByText(messages.notLoggedIn)).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('shows a buying limit refusal with the link to the identity page, and clears it on the next try', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const limit = 'To buy more than 10,000.00 AUD in 12 months, verify your identity first';
    let reply: MockReply = { status: 403, message: limit, link: '/profile/identity' };
    const { user } = renderBank({
      [ORDER]: () => reply,
    });
    await waitFor(() => expect(bankSelect()).toHaveValue('bank-1'));
    await user.click(submit());
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(limit);
    expect(notice).toHaveFocus();
    expect(within(notice).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/profile/identity',
    );

    reply = { status: 201, data: { userInfo: userFixture, purchase } };
    await user.click(submit());
    await screen.findByText('Order page');
  });

  it('asks a guest to create an account, with the purchase terms, then signs them in and asks to verify the e-mail', async () => {
    const guest = { ...userFixture, emailVerified: false };
    const { api, user } = renderBank(
      {
        [GUEST_ORDER]: {
          status: 201,
          data: {
            msg: 'ok',
            userData: guest,
            purchase,
            data: { user: guest, tokens: tokensFixture() },
          },
        },
      },
      `${paths.buyBank}?referral_code=JAMIE20`,
    );
    await waitFor(() => expect(bankSelect()).toHaveValue('bank-1'));
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });
    const tabs = within(dialog)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Create new account', 'Login to proceed']);
    expectLockedReferral(dialog, 'JAMIE20');

    await expectNewAccountRequired(user, dialog);

    await fillNewAccount(user, dialog, (terms) =>
      expect(terms).toHaveAccessibleDescription('Purchase terms for TMC buyers'),
    );
    expect(within(dialog).queryByText(messages.guestTerms)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create account and submit' }));
    // The payment step is the order's page (which asks the new account for its e-mail code).
    expect(await screen.findByText('Order page')).toBeInTheDocument();
    expect(api.bodies(GUEST_ORDER)).toEqual([
      expect.objectContaining({
        investmentAmount: '833.33',
        userCurrency: 'EUR',
        bankId: 'bank-1',
        name: 'Jamie Rivers',
        email: 'jamie@example.com',
        password: 'password1',
        referralCode: 'JAMIE20',
      }),
    ]);
    expect(getSession().user?.email).toBe('jamie@example.com');
    expect(getSession().accessToken).toBe('access-1');
  });

  it('lets a guest log in to proceed; "Log in instead" keeps the typed e-mail', async () => {
    const { api, user } = renderBank({
      [GUEST_ORDER]: { status: 400, message: messages.badCredentials },
    });
    await waitFor(() => expect(bankSelect()).toHaveValue('bank-1'));
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });

    await user.type(within(dialog).getByLabelText('Email'), 'typed@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Log in instead' }));
    expect(within(dialog).getByRole('tab', { name: 'Login to proceed' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByLabelText('Email')).toHaveValue('typed@example.com');
    expect(within(dialog).queryByLabelText('Name')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Forgot password\?/ })).toHaveAttribute(
      'href',
      '/forgetpassword',
    );

    await expectLoginRequired(user, dialog);

    await user.type(within(dialog).getByLabelText('Email'), 'jamie@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Login and submit' }));

    expect(await screen.findByText(messages.badCredentials)).toBeInTheDocument();
    const [body] = api.bodies(GUEST_ORDER);
    expect(body).toMatchObject({ email: 'jamie@example.com', password: 'wrong-password' });
    expect(body).not.toHaveProperty('name');
    expect(getSession().user).toBeNull();
  });
});
