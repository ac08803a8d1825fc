import { Secret, TOTP } from 'otpauth';

/** The bootstrap admin the site is started with (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_TOTP_SECRET). */
export const STAFF = {
  email: 'staff@tmc.test',
  password: 'staff-password-1',
  totpSecret: 'KRGUGU3UMFTGMU3FMNZGK5BAGEZDGNBV',
};

/** The code the staff member's authenticator app shows now (RFC 6238: SHA-1, 30 s, 6 digits). */
export const staffTotp = () =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(STAFF.totpSecret),
  }).generate();
