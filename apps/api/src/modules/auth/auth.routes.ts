import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  completeSignupSchema,
  forgetOtpVerifySchema,
  forgetPasswordOtpSchema,
  forgetPasswordSchema,
  linkTokenSchema,
  loginSchema,
  securityMessages,
  otpVerifySchema,
  refreshTokenSchema,
  resendOtpSchema,
  signupSchema,
  totpConfirmSchema,
} from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { userSchema } from '../account/user-dto.ts';
import type { AuthService } from './auth.service.ts';
import { tokensSchema } from './sessions.ts';

const CODE_SENT = 'If an account exists for this e-mail, a code has been sent to it.';
const tags = ['auth'];
const security = [{ bearer: [] }];
const noData = envelopeSchema(z.null());

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = (app, { auth }) => {
  app.addHook('onClose', () => auth.settle());

  /** A step of the staff authenticator setup: signed in, 403 for a buyer or an unverified e-mail. */
  const staffStep = { config: { openapi: { errors: [403] } }, onRequest: app.requireUser };

  /** A POST that runs one step and answers only a message (data null). */
  function postForMessage<Body extends z.ZodType>(
    path: string,
    summary: string,
    body: Body,
    run: (req: { body: z.output<Body>; ip: string }) => Promise<unknown>,
    message: string,
  ) {
    app.post(path, { schema: { tags, summary, body, response: { 200: noData } } }, async (req) => {
      // The schema has parsed the body; the provider's type for it does not resolve for a generic schema.
      await run({ body: req.body as z.output<Body>, ip: req.ip });
      return envelope(200, null, message);
    });
  }

  app.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account; a 4-digit code is e-mailed',
        body: signupSchema,
        response: { 201: envelopeSchema(z.object({ email: z.string() })) },
      },
    },
    async (req, reply) => {
      const { email } = await auth.signUp(req.body, req.ip);
      return reply
        .code(201)
        .send(envelope(201, { email }, 'Account created, check your e-mail for the code'));
    },
  );

  app.post(
    '/auth/otpVerification',
    {
      config: { openapi: { errors: [403] } },
      schema: {
        tags,
        summary:
          "Verify the e-mail with the sign-up code. With the account's password (or a held sign-up redo's, or the account's own access token) the e-mail is verified: data null. Without it the code still proves the mailbox, the account stays unverified and data.setPasswordToken (single use, 1 hour) opens POST /auth/complete-signup; an account that holds orders answers 403 instead (log in with its password, or reset it)",
        body: otpVerifySchema,
        response: {
          200: envelopeSchema(z.object({ setPasswordToken: z.string() }).nullable()),
        },
      },
    },
    async (req) => {
      const outcome = await auth.verifyEmail(req.body, req.ip, await app.callerOf(req));
      return outcome.verified
        ? envelope(200, null, 'Email verified successfully')
        : envelope(
            200,
            { setPasswordToken: outcome.setPasswordToken },
            authMessages.choosePassword,
          );
    },
  );

  postForMessage(
    '/auth/complete-signup',
    'The set-password step after a sign-up code that came without the password: sets name, password and referrer (only the one given here), verifies the e-mail and ends every session of the account',
    completeSignupSchema,
    (req) => auth.completeSignup(req.body, req.ip),
    'Email verified successfully',
  );

  app.post(
    '/auth/mailbox-proof',
    {
      schema: {
        tags,
        summary:
          'The link mailed when an e-mail reached its wrong-code ceiling: codes for it are accepted again',
        body: linkTokenSchema,
        response: {
          200: envelopeSchema(
            z.object({ email: z.string(), type: z.enum(['verifyemail', 'verifyUser']) }),
          ),
        },
      },
    },
    async (req) =>
      envelope(
        200,
        await auth.proveMailbox(req.body.token, req.ip),
        securityMessages.mailboxProven,
      ),
  );

  postForMessage(
    '/auth/resendOTP',
    'Send a new code (verifyemail: sign-up, verifyUser: reset)',
    resendOtpSchema,
    (req) => auth.sendCode(req.body, req.ip),
    CODE_SENT,
  );

  app.post(
    '/auth/login',
    {
      config: { openapi: { errors: [401, 403] } },
      schema: {
        tags,
        summary: 'Log in',
        body: loginSchema,
        response: { 200: envelopeSchema(z.object({ user: userSchema, tokens: tokensSchema })) },
      },
    },
    async (req) => envelope(200, await auth.logIn(req.body, req.ip), 'Logged in'),
  );

  app.post(
    '/auth/refresh-tokens',
    {
      config: { openapi: { errors: [401] } },
      schema: {
        tags,
        summary: 'Trade a refresh token for new tokens (the old one stops working)',
        body: refreshTokenSchema,
        response: { 200: envelopeSchema(z.object({ tokens: tokensSchema })) },
      },
    },
    async (req) => envelope(200, { tokens: await auth.refresh(req.body.refreshToken, req.ip) }),
  );

  postForMessage(
    '/auth/logout',
    'Revoke a refresh token',
    refreshTokenSchema,
    (req) => auth.logOut(req.body.refreshToken, req.ip),
    'Logged out',
  );

  postForMessage(
    '/auth/forgetPasswordOTP',
    'E-mail a password reset code',
    forgetPasswordOtpSchema,
    (req) => auth.sendCode({ email: req.body.email, type: 'verifyUser' }, req.ip),
    CODE_SENT,
  );

  app.post(
    '/auth/forgetOTPVerfication',
    {
      schema: {
        tags,
        summary: 'Check the 6-digit reset code; answers a single-use reset token (15 minutes)',
        body: forgetOtpVerifySchema,
        response: { 200: envelopeSchema(z.object({ resetToken: z.string() })) },
      },
    },
    async (req) => envelope(200, await auth.verifyResetCode(req.body, req.ip), 'Code verified'),
  );

  postForMessage(
    '/auth/forgetPassword',
    'Set a new password with a reset token',
    forgetPasswordSchema,
    (req) => auth.resetPassword(req.body, req.ip),
    'Password updated, please log in',
  );

  app.get(
    '/auth/totp',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Whether the account has an authenticator and this login was opened with it',
        response: {
          200: envelopeSchema(z.object({ enabled: z.boolean(), session: z.boolean() })),
        },
      },
    },
    async (req) => envelope(200, await auth.totpStatus(req.user)),
  );

  app.post(
    '/auth/totp/enrolment-link',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Staff with a verified e-mail: mail a single-use link (1 hour) that opens the authenticator setup',
        response: { 200: noData },
      },
      config: { openapi: { errors: [403, 429] } },
    },
    async (req) => {
      await auth.sendEnrolmentLink(req.user);
      return envelope(200, null, securityMessages.enrolmentLinkSent);
    },
  );

  app.post(
    '/auth/totp/setup',
    {
      ...staffStep,
      schema: {
        tags,
        security,
        summary:
          "Staff: with the mailed enrolment link's token, a new authenticator secret (otpauth:// URI for the QR code), waiting for its first code",
        body: linkTokenSchema,
        response: { 200: envelopeSchema(z.object({ secret: z.string(), uri: z.string() })) },
      },
    },
    async (req) =>
      envelope(
        200,
        await auth.beginTotpSetup(req.user, req.body.token),
        'Scan the code with your authenticator app',
      ),
  );

  app.post(
    '/auth/totp/confirm',
    {
      ...staffStep,
      schema: {
        tags,
        security,
        summary:
          'Staff: turn the authenticator on with its first code; answers 10 one-time recovery codes and new tokens (other logins end)',
        body: totpConfirmSchema,
        response: {
          200: envelopeSchema(
            z.object({ recoveryCodes: z.array(z.string()), tokens: tokensSchema }),
          ),
        },
      },
    },
    async (req) =>
      envelope(
        200,
        await auth.confirmTotpSetup(req.user, req.body.totp),
        'Two-factor authentication is on',
      ),
  );
  return Promise.resolve();
};
