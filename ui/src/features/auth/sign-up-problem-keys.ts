import type { SignUpProblem } from './password-rules';

/** Catalogue key of each sign-up problem's message (the product's validation texts). */
export const SIGN_UP_PROBLEM_KEYS: Record<SignUpProblem, string> = {
  mismatch: 'auth.errorMismatch',
  length: 'auth.errorLength',
  upper: 'auth.errorUpper',
  lower: 'auth.errorLower',
  digit: 'auth.errorDigit',
  special: 'auth.errorSpecial',
};
