/** The spec's user-facing texts, verbatim. Forms and the server both use these. */
export const messages = {
  // login
  loginEmail: 'Please enter a valid email',
  loginPassword: 'Please enter a valid password',
  // sign-up
  name: 'Please enter a valid name',
  email: 'Please enter a valid email',
  signupPassword: 'Password must be at least 8 characters long',
  passwordsMismatch: 'Passwords do not match',
  signupTerms: 'Please Read And Accept Terms and Conditions',
  // OTP
  otpDigits: 'Please fill in all OTP digits.',
  // password reset
  resetEmail: 'Please enter a valid email address.',
  // One password rule (8+) for sign-up, reset and update: the spec's sign-up text.
  resetPassword: 'Password must be at least 8 characters long',
  resetPasswordsMismatch: 'Passwords do not match.',
  // buy page
  investmentAmount: 'Please enter investment amount',
  bankCurrency: 'Please selected bank currency',
  buyDisclaimer: 'Before You Purchase: Please Read And Accept',
  fiatCurrency: 'Please selected currency',
  cryptoCurrency: 'Please selected crypto currency',
  // purchases
  walletFormat: 'Invalid wallet address format',
  receipt: 'Receipt not provided',
  receiptType: 'Receipt Type not provided',
  bank: 'Please Select Bank',
  guestName: 'Name Is Required',
  guestEmail: 'Email Is Required',
  guestPassword: 'Password Is Required',
  guestTerms: 'Please read and accept Terms and conditions.',
  oneDocument: 'Please select only 1 document',
  pdfOnly: 'Select only pdf files.',
  imageOrPdf: 'Select only images or pdf files.',
  screenshot: 'Screenshot is required.',
  notLoggedIn: 'Please Provide Email because You Are Not Logged In',
  transactionSessionMissing: 'Transaction session missing.',
  // server decisions of API.md
  emailTaken: 'Email already registered',
  invalidReferral: 'Invalid referral code',
  invalidCode: 'Invalid or expired code',
  badCredentials: 'Incorrect email or password',
  verifyEmail: 'Please verify your email',
  ratesChanged: 'Rates have changed, please review the amount',
  noBank: 'No bank account available for this currency',
  transactionNotFound: 'Transaction not found',
  // clipboard
  copied: 'Copied to clipboard!',
  copyFailed: 'Failed to copy!',
  // pages
  pageNotFound: 'Page not found',
  goBack: 'Click to go back',
} as const;

export type MessageKey = keyof typeof messages;
