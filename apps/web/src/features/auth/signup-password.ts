/**
 * The password just typed on the sign-up form, kept in memory only (never in the URL, history
 * state or storage) for the code screen that follows: a redone sign-up counts only with the
 * redo's code and its password (API.md), so the code is sent with it. A reload forgets it.
 */
let pending: { email: string; password: string } | null = null;

export function rememberSignupPassword(email: string, password: string) {
  pending = { email, password };
}

/** The password of this e-mail's sign-up, if this tab just made it. */
export function signupPasswordFor(email: string): string | undefined {
  return pending?.email === email ? pending.password : undefined;
}

export function forgetSignupPassword() {
  pending = null;
}
