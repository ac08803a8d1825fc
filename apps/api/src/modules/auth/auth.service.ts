import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  messages,
  type AuthResult,
  type CompleteSignupBody,
  type ForgetOtpVerifyBody,
  type ForgetPasswordBody,
  type LoginBody,
  type OtpVerifyBody,
  type ResendOtpBody,
  type SignupBody,
  type TotpStatus,
  authMessages,
  securityMessages,
} from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { deriveKey, type AuthUser } from '../../lib/auth.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer/mailer.ts';
import { nameToGreet, type MailTemplate } from '../../lib/mailer/templates.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { toUserDto } from '../account/user-dto.ts';
import {
  findAffiliateByCode,
  findLoginAccount,
  findUserByEmail,
  findUserById,
  holdsOrders,
  insertUser,
  isUniqueViolation,
  markEmailVerified,
  setPassword,
  type UserRow,
} from '../account/users.repo.ts';
import {
  findPendingSignup,
  insertAuthLink,
  insertPasswordReset,
  savePendingSignup,
  takePendingSignup,
  useAuthLink,
  usePasswordReset,
  type AuthLinkKind,
} from './auth.repo.ts';
import { createOtpService, isTooManyRequests, mailboxProofNeeded } from './otp.ts';
import { createSecondFactor } from './second-factor.ts';
import { createSessions, newSecret, sha256 } from './sessions.ts';
import { metrics } from '../../lib/metrics.ts';

const perIp = (name: string, limit: number, windowSeconds: number): RateLimitRule => ({
  name,
  limit,
  windowSeconds,
});

/** Every unauthenticated write is limited per IP; login failures also per e-mail. */
export const authLimits = {
  signup: perIp('signup:ip', 10, 3600),
  codeRequest: perIp('otp-request:ip', 20, 3600),
  codeCheck: perIp('otp-check:ip', 30, 900),
  login: perIp('login:ip', 60, 900),
  loginFailuresPerEmail: perIp('login-failed:email', 10, 900),
  loginFailuresPerIp: perIp('login-failed:ip', 10, 900),
  refresh: perIp('refresh:ip', 300, 900),
  logout: perIp('logout:ip', 60, 900),
  passwordReset: perIp('password-reset:ip', 10, 900),
  /** Per account: enrolment links mailed to a staff address. */
  enrolmentLink: perIp('enrolment-link:user', 5, 3600),
};

export const RESET_TOKEN_SECONDS = 15 * 60;
/** Links the server mails (staff enrolment, mailbox proof) work once, for an hour. */
export const LINK_SECONDS = 60 * 60;

const linkInvalid = () => badRequest(authMessages.linkToken, { token: authMessages.linkToken });
const mailboxSubject = (purpose: 'verifyemail' | 'verifyUser', email: string) =>
  `${purpose}\n${email}`;

const emailTaken = () => badRequest(messages.emailTaken, { email: messages.emailTaken });
const invalidReferral = () =>
  badRequest(messages.invalidReferral, { referralCode: messages.invalidReferral });
const invalidCode = () => badRequest(messages.invalidCode, { otp: messages.invalidCode });
const secondFactorNeeded = (field: 'totp' | 'recoveryCode', message: string) =>
  new AppError(401, message, { [field]: message });
const setPasswordExpired = () =>
  badRequest(authMessages.setPasswordToken, { token: authMessages.setPasswordToken });
const invalidResetToken = () =>
  badRequest(authMessages.resetToken, { resetToken: authMessages.resetToken });

/** A right sign-up code: verified, or on to the set-password step with this token. */
export type VerifyOutcome = { verified: true } | { verified: false; setPasswordToken: string };

/** The visitor's part of a guest checkout: `name` present means "Create new account". */
export interface CheckoutGuest {
  email: string;
  password: string;
  name?: string;
  referralCode?: string;
}

/** A guest checkout's account, checked and ready to be used inside the purchase's transaction. */
export interface CheckoutAccount {
  isNew: boolean;
  /** The existing account's id ('Login to proceed'); undefined for a new one. */
  userId?: string;
  /** Inside the purchase's transaction: the buyer (a new account is inserted here, so it rolls back with it). */
  open(tx: Tx): Promise<UserRow>;
  /** After the commit: e-mails a new account its verification code and signs the buyer in. */
  signIn(): Promise<AuthResult>;
}

interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}

export function createAuthService({ db, config, mailer, rateLimiter, log }: AuthDeps) {
  const otp = createOtpService({ db, config, rateLimiter });
  const sessions = createSessions({ db, config });
  const secondFactor = createSecondFactor({ db, config });
  const ipKey = deriveKey(config.jwtSecret, 'signup-ip');
  let dummyHash: Promise<string> | undefined;
  const pendingMail = new Set<Promise<void>>();

  /**
   * Mail is handed over without waiting, so an answer takes as long whether or not the address
   * has an account. Failures are logged without the error: a failed query's text carries the code.
   */
  function mail(to: string, template: MailTemplate) {
    const sending = mailer
      .send(to, template)
      .catch((err: unknown) =>
        log.error(
          { kind: template.kind, error: err instanceof Error ? err.name : 'unknown' },
          'could not queue an e-mail',
        ),
      )
      .finally(() => pendingMail.delete(sending));
    pendingMail.add(sending);
  }

  /** Counts a hit without failing the request: the limit was checked before. */
  const countHit = (rule: RateLimitRule, subject: string) =>
    rateLimiter.hit(rule, subject).catch((err: unknown) => {
      if (!isTooManyRequests(err)) throw err;
    });

  async function signUpNewAccount(
    input: SignupBody,
    fields: { name: string; passwordHash: string; referredBy?: string },
    ip: string,
  ) {
    try {
      const created = await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: input.email,
          ...fields,
          signupIpHash: createHmac('sha256', ipKey).update(ip).digest('hex'),
        });
        return { userId: user.id, code: await otp.issueForNewAccount(tx, input.email) };
      });
      await otp.countNewAccountCode(input.email);
      return created;
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  /**
   * Holds a sign-up redone on an unverified account and mails a code (at most once a minute).
   * The account is left as it is (a guest checkout may hold orders under it): the new name,
   * password and referrer count only with a right code and that password.
   */
  async function holdRedo(
    existing: UserRow,
    fields: { name: string; passwordHash: string; referredBy?: string },
  ) {
    const code = await otp.issue(existing.email, 'verifyemail');
    await savePendingSignup(db, {
      userId: existing.id,
      ...fields,
      referredBy: fields.referredBy ?? null,
    });
    return code;
  }

  /** Stores a new single-use link (an hour) for (kind, subject); answers its token for the mail. */
  async function newLink(kind: AuthLinkKind, subject: string) {
    const token = newSecret();
    await insertAuthLink(db, { kind, subject, tokenHash: sha256(token), ttlSeconds: LINK_SECONDS });
    return token;
  }

  const sessionFor = async (user: UserRow, withSecondFactor = false) => ({
    user: toUserDto(user),
    tokens: await sessions.start({
      id: user.id,
      role: user.role,
      sessionVersion: user.sessionVersion,
      secondFactor: withSecondFactor,
    }),
  });

  /**
   * Checks a code. The wrong try that reaches the address's ceiling replaces the code and mails a
   * new one with a link that proves the mailbox (only when the address has an account; the answer
   * is the same either way).
   */
  async function checkCode(
    email: string,
    purpose: 'verifyemail' | 'verifyUser',
    code: string,
    ip: string,
  ) {
    const outcome = await otp.verify(email, purpose, code, ip);
    if (outcome.codeHash) return outcome.codeHash;
    if (!('ceilingReached' in outcome && outcome.ceilingReached)) throw invalidCode();
    const fresh = await otp.reissue(email, purpose);
    const token = await newLink('mailbox-proof', mailboxSubject(purpose, email));
    if (await findUserByEmail(db, email))
      mail(email, {
        kind: 'mailboxProof',
        purpose,
        code: fresh,
        link: `${config.publicUrl}/mailbox-proof#token=${token}`,
      });
    throw mailboxProofNeeded();
  }

  /** The staff second factor of a login whose password was right: true when it was given and right. */
  async function passSecondFactor(
    user: UserRow & { hasAuthenticator: boolean },
    given: { totp?: string; recoveryCode?: string },
    ip: string,
  ) {
    if (!user.hasAuthenticator) return false;
    const outcome = await secondFactor.checkLogin(user.id, given);
    if (outcome === 'none') return false;
    if (outcome === 'passed') return true;
    if (outcome === 'missing') throw secondFactorNeeded('totp', securityMessages.totpRequired);
    metrics.loginFailed('second_factor');
    await countHit(authLimits.loginFailuresPerEmail, user.email);
    await countHit(authLimits.loginFailuresPerIp, ip);
    throw outcome === 'wrongTotp'
      ? secondFactorNeeded('totp', securityMessages.totpWrong)
      : secondFactorNeeded('recoveryCode', securityMessages.recoveryCodeInvalid);
  }

  /** Setting up an authenticator is for staff accounts whose e-mail is proven. */
  async function staffAccount(caller: AuthUser) {
    const user = await findUserById(db, caller.id);
    if (!user) throw unauthorized();
    if (user.role !== 'admin') throw forbidden(securityMessages.staffOnly);
    if (!user.emailVerifiedAt) throw forbidden(securityMessages.verifiedEmailNeeded);
    return user;
  }

  /**
   * An account whose e-mail is not verified logs in to nothing: its password proved it is the
   * owner's, so any held sign-up redo is dropped, the address's wrong codes start again and the
   * owner gets a fresh code of their own (replacing any other), then 403.
   */
  async function refuseUnverified(user: UserRow): Promise<never> {
    await takePendingSignup(db, user.id);
    await otp.forgiveWrongCodes(user.email, 'verifyemail');
    const code = await otp.reissue(user.email, 'verifyemail');
    mail(user.email, { kind: 'verifyEmail', code });
    throw forbidden(messages.verifyEmail);
  }

  async function startSession(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    return sessionFor(user);
  }

  /**
   * The account whose password this is, or 400 'Incorrect email or password' (counted towards the
   * 429). The limits and the account are read together, so the argon2 verification (off the event
   * loop, on threads of its own) is the only real cost of a login.
   */
  async function authenticate(email: string, password: string, ip: string) {
    const [[failuresOfEmail], user] = await Promise.all([
      rateLimiter.hitAndCheck(authLimits.login, ip, [
        [authLimits.loginFailuresPerEmail, email],
        [authLimits.loginFailuresPerIp, ip],
      ]),
      findLoginAccount(db, email),
    ]);
    // An unknown e-mail still costs one argon2 verification, so timing does not tell them apart.
    dummyHash ??= hashPassword(newSecret());
    const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
    if (!user || !matches) {
      metrics.loginFailed('password');
      await countHit(authLimits.loginFailuresPerEmail, email);
      await countHit(authLimits.loginFailuresPerIp, ip);
      throw badRequest(messages.badCredentials);
    }
    return { user, failuresOfEmail: failuresOfEmail ?? 0 };
  }

  /** A login that passed ends the e-mail's run of failures (nothing to write when there was none). */
  const forgiveFailures = (email: string, failures: number) =>
    failures > 0 ? rateLimiter.reset(authLimits.loginFailuresPerEmail, email) : undefined;

  async function referrerFor(referralCode: string | undefined, email: string) {
    if (!referralCode) return undefined;
    const referrer = await findAffiliateByCode(db, referralCode);
    if (!referrer || referrer.email === email) throw invalidReferral();
    return referrer;
  }

  /**
   * 'Create new account': the e-mail must be new; the account is inserted by `open`, in the
   * caller's transaction. On an unverified account it is held as a sign-up redo would be (a code
   * is mailed, the redo counts with that code and this password) and 403 asks to verify first:
   * this path signs in at once, so it never opens an existing account.
   */
  async function checkoutNewAccount(guest: CheckoutGuest & { name: string }, ip: string) {
    await rateLimiter.hit(authLimits.signup, ip);
    const referrer = await referrerFor(guest.referralCode, guest.email);
    const existing = await findUserByEmail(db, guest.email);
    if (existing?.emailVerifiedAt) throw emailTaken();
    if (existing) {
      const code = await holdRedo(existing, {
        name: guest.name,
        passwordHash: await hashPassword(guest.password),
        referredBy: referrer?.id,
      });
      mail(guest.email, { kind: 'verifyEmail', code });
      throw forbidden(messages.verifyEmail);
    }
    const passwordHash = await hashPassword(guest.password);
    let created: { user: UserRow; code: string } | undefined;
    const account: CheckoutAccount = {
      isNew: true,
      async open(tx) {
        let user: UserRow;
        try {
          user = await insertUser(tx, {
            email: guest.email,
            name: guest.name,
            passwordHash,
            referredBy: referrer?.id,
            signupIpHash: createHmac('sha256', ipKey).update(ip).digest('hex'),
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw emailTaken();
          throw err;
        }
        created = { user, code: await otp.issueForNewAccount(tx, guest.email) };
        return user;
      },
      async signIn() {
        if (!created) throw new Error('signIn() called before open()');
        await otp.countNewAccountCode(guest.email);
        mail(guest.email, { kind: 'verifyEmail', code: created.code });
        return startSession(created.user.id);
      },
    };
    return account;
  }

  /**
   * 'Login to proceed': the password must match, and it opens what a login opens: an account
   * whose e-mail is not verified gets its fresh code and 403, and staff (whose login asks for a
   * second factor) are sent to the login page.
   */
  async function checkoutExistingAccount(guest: CheckoutGuest, ip: string) {
    const { user, failuresOfEmail } = await authenticate(guest.email, guest.password, ip);
    if (user.role === 'admin') throw forbidden(authMessages.staffCheckout);
    if (!user.emailVerifiedAt) await refuseUnverified(user);
    await forgiveFailures(guest.email, failuresOfEmail);
    const account: CheckoutAccount = {
      isNew: false,
      userId: user.id,
      async open(tx) {
        const buyer = await findUserById(tx, user.id);
        if (!buyer) throw badRequest(messages.badCredentials);
        return buyer;
      },
      signIn: () => startSession(user.id),
    };
    return account;
  }

  return {
    /** `data: {user, tokens}` for an account a module just made or logged in itself (guest purchases). */
    startSession,

    /**
     * Guest checkout: checks the visitor's choice now (rate limits, referral code, e-mail free or
     * password right), before the caller opens its transaction. Nothing is written until `open(tx)`.
     */
    async checkoutAccount(guest: CheckoutGuest, ip: string): Promise<CheckoutAccount> {
      return guest.name === undefined
        ? checkoutExistingAccount(guest, ip)
        : checkoutNewAccount({ ...guest, name: guest.name }, ip);
    },

    async signUp(input: SignupBody, ip: string) {
      await rateLimiter.hit(authLimits.signup, ip);
      const referrer = await referrerFor(input.referralCode, input.email);
      const existing = await findUserByEmail(db, input.email);
      if (existing?.emailVerifiedAt) throw emailTaken();
      const fields = {
        name: input.name,
        passwordHash: await hashPassword(input.password),
        referredBy: referrer?.id,
      };
      let created: { userId: string; code: string };
      if (existing) {
        created = { userId: existing.id, code: await holdRedo(existing, fields) };
      } else {
        created = await signUpNewAccount(input, fields, ip);
      }
      mail(input.email, { kind: 'verifyEmail', code: created.code });
      return { email: input.email, userId: created.userId };
    },

    /**
     * A right code proves the mailbox; what the account was signed up with counts only when the
     * verifier shows its password too. With the held redo's password the redo applies (its name,
     * password and referrer); with the account's password (or a session of the account, which
     * only that password opens) the account is verified as it stands. Otherwise nothing an
     * unproven sign-up chose is trusted: the answer is a single-use token for the set-password
     * step (`completeSignup`), and the account stays unverified until then.
     */
    async verifyEmail(
      { email, otp: code, password }: OtpVerifyBody,
      ip: string,
      callerId?: string,
    ): Promise<VerifyOutcome> {
      await rateLimiter.hit(authLimits.codeCheck, ip);
      await checkCode(email, 'verifyemail', code, ip);
      const user = await findUserByEmail(db, email);
      if (!user) throw invalidCode();
      if (user.emailVerifiedAt) return { verified: true };
      const held = await findPendingSignup(db, user.id);
      const redoProven =
        held !== undefined &&
        password !== undefined &&
        (await verifyPassword(held.passwordHash, password));
      const accountProven =
        !redoProven &&
        (callerId === user.id ||
          (password !== undefined && (await verifyPassword(user.passwordHash, password))));
      if (!redoProven && !accountProven) {
        // A 4-digit code alone must not hand over an account that holds orders: its owner goes
        // on with the password (login, which mails a code) or with a 6-digit reset code.
        if (await holdsOrders(db, user.id)) throw forbidden(authMessages.logInToVerify);
        const token = await newLink('set-password', user.id);
        return { verified: false, setPasswordToken: token };
      }
      const redone = await db.transaction(async (tx) => {
        const pending = await takePendingSignup(tx, user.id);
        const redo =
          redoProven && pending?.passwordHash === held?.passwordHash ? pending : undefined;
        await markEmailVerified(
          tx,
          user.id,
          redo && {
            name: redo.name,
            passwordHash: redo.passwordHash,
            referredBy: redo.referredBy,
          },
        );
        if (redo) await sessions.endAll(tx, user.id);
        return redo;
      });
      mail(email, { kind: 'welcome', name: redone?.name ?? user.name });
      return { verified: true };
    },

    /**
     * The set-password step: the mailbox was proven by a code, so the account becomes the
     * verifier's, with the name, password and referrer given now. What the unverified sign-up
     * chose (and any held redo) is dropped, and every session of the account ends.
     */
    async completeSignup(input: CompleteSignupBody, ip: string) {
      await rateLimiter.hit(authLimits.codeCheck, ip);
      const referrer = await referrerFor(input.referralCode, input.email);
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const subject = await useAuthLink(tx, 'set-password', sha256(input.token));
        const account = subject === undefined ? undefined : await findUserById(tx, subject);
        if (!account || account.email !== input.email || account.emailVerifiedAt)
          throw setPasswordExpired();
        await takePendingSignup(tx, account.id);
        await markEmailVerified(tx, account.id, {
          name: input.name,
          passwordHash,
          referredBy: referrer?.id ?? null,
        });
        await sessions.endAll(tx, account.id);
        return account;
      });
      mail(input.email, { kind: 'welcome', name: input.name });
      return { userId: user.id };
    },

    /** The link of a mailbox-proof e-mail: the address's codes are accepted again. */
    async proveMailbox(token: string, ip: string) {
      await rateLimiter.hit(authLimits.codeCheck, ip);
      const subject = await useAuthLink(db, 'mailbox-proof', sha256(token));
      if (!subject) throw linkInvalid();
      const [purpose, email] = subject.split('\n') as ['verifyemail' | 'verifyUser', string];
      await otp.forgiveWrongCodes(email, purpose);
      return { email, type: purpose };
    },

    /**
     * The same for every address: a code is made (and counted) even when nobody receives it, so
     * neither the answer nor the limits tell whether an account exists.
     */
    async sendCode({ email, type }: ResendOtpBody, ip: string) {
      await rateLimiter.hit(authLimits.codeRequest, ip);
      const user = await findUserByEmail(db, email);
      const code = await otp.issue(email, type);
      if (!user) return;
      if (type === 'verifyUser') mail(email, { kind: 'resetPassword', code });
      else if (!user.emailVerifiedAt) mail(email, { kind: 'verifyEmail', code });
    },

    async logIn({ email, password, totp, recoveryCode }: LoginBody, ip: string) {
      const { user, failuresOfEmail } = await authenticate(email, password, ip);
      if (!user.emailVerifiedAt) await refuseUnverified(user);
      const withSecondFactor = await passSecondFactor(user, { totp, recoveryCode }, ip);
      const [session] = await Promise.all([
        sessionFor(user, withSecondFactor),
        forgiveFailures(email, failuresOfEmail),
      ]);
      return session;
    },

    async totpStatus(caller: AuthUser): Promise<TotpStatus> {
      return { enabled: await secondFactor.enabled(caller.id), session: caller.secondFactor };
    },

    /** Mails the staff account a single-use link to its authenticator setup. */
    async sendEnrolmentLink(caller: AuthUser) {
      const user = await staffAccount(caller);
      if (await secondFactor.enabled(user.id)) throw badRequest(securityMessages.totpAlreadySetUp);
      await rateLimiter.hit(authLimits.enrolmentLink, user.id);
      const token = await newLink('staff-enrolment', user.id);
      mail(user.email, {
        kind: 'staffEnrolment',
        name: user.name,
        link: `${config.publicUrl}/admin/enrol#token=${token}`,
      });
    },

    /** The setup opens only with the account's own mailed link, which it uses up. */
    async beginTotpSetup(caller: AuthUser, token: string) {
      const user = await staffAccount(caller);
      if ((await useAuthLink(db, 'staff-enrolment', sha256(token))) !== user.id)
        throw linkInvalid();
      return secondFactor.beginSetup(user.id, user.email);
    },

    /**
     * Turns the authenticator on: every other login of the account ends (they were opened
     * without it), and this one continues as a new login opened with it.
     */
    async confirmTotpSetup(caller: AuthUser, code: string) {
      const user = await staffAccount(caller);
      return db.transaction(async (tx) => {
        const recoveryCodes = await secondFactor.confirmSetup(tx, user.id, code);
        const sessionVersion = (await sessions.endAll(tx, user.id)) ?? user.sessionVersion;
        const tokens = await sessions.start(
          { id: user.id, role: user.role, sessionVersion, secondFactor: true },
          tx,
        );
        return { recoveryCodes, tokens };
      });
    },

    async refresh(refreshToken: string, ip: string) {
      await rateLimiter.hit(authLimits.refresh, ip);
      return sessions.rotate(refreshToken);
    },

    async logOut(refreshToken: string, ip: string) {
      await rateLimiter.hit(authLimits.logout, ip);
      await sessions.revoke(refreshToken);
    },

    async verifyResetCode({ email, otp: code }: ForgetOtpVerifyBody, ip: string) {
      await rateLimiter.hit(authLimits.codeCheck, ip);
      await checkCode(email, 'verifyUser', code, ip);
      const user = await findUserByEmail(db, email);
      if (!user) throw invalidCode();
      const resetToken = newSecret();
      await insertPasswordReset(db, {
        userId: user.id,
        tokenHash: sha256(resetToken),
        ttlSeconds: RESET_TOKEN_SECONDS,
      });
      return { resetToken };
    },

    async resetPassword({ email, password, resetToken }: ForgetPasswordBody, ip: string) {
      await rateLimiter.hit(authLimits.passwordReset, ip);
      const user = await findUserByEmail(db, email);
      if (!user) throw invalidResetToken();
      const passwordHash = await hashPassword(password);
      const changed = await db.transaction(async (tx) => {
        if (!(await usePasswordReset(tx, user.id, sha256(resetToken)))) return false;
        await takePendingSignup(tx, user.id);
        await setPassword(tx, user.id, passwordHash);
        await sessions.endAll(tx, user.id);
        return true;
      });
      if (!changed) throw invalidResetToken();
      await rateLimiter.reset(authLimits.loginFailuresPerEmail, email);
      mail(email, { kind: 'passwordChanged', name: nameToGreet(user) });
    },

    /** Waits for mail still being handed over (on close, so nothing outlives the app). */
    async settle() {
      await Promise.allSettled([...pendingMail]);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
