/**
 * Private sign-in names (docs/auth-contract.md, "Sign-in names"): a name she made up instead of her e-mail
 * address travels to the auth service as `<name>@sign-in.invalid`, an address that can never be anyone's
 * mailbox; the app shows only the name.
 */
export const SIGN_IN_NAME_DOMAIN = 'sign-in.invalid';

/** The fewest characters of a name (the server refuses shorter ones too). */
export const MIN_NAME_CHARS = 6;

/** The operator's choice (config `auth.sign_in_names`). */
export type SignInNames = 'allow' | 'require' | 'off';

const SUFFIX = `@${SIGN_IN_NAME_DOMAIN}`;

/** The address for what she typed: an e-mail address as it is, anything without `@` as a sign-in name. */
export function toAuthAddress(typed: string): string {
  const text = typed.trim().normalize('NFC');
  return text.includes('@') ? text : `${text.toLowerCase()}${SUFFIX}`;
}

export function isSignInName(address: string): boolean {
  return address.toLowerCase().endsWith(SUFFIX);
}

/** What the app shows for an account's address: the name alone, or the e-mail address. */
export function accountLabel(address: string): string {
  return isSignInName(address) ? address.slice(0, -SUFFIX.length) : address;
}

export type NameProblem = 'short' | 'characters';

/** Why a chosen name cannot be used, or null. */
export function nameProblem(name: string): NameProblem | null {
  const text = name.trim().normalize('NFC');
  if (/[\s@]/u.test(text)) return 'characters';
  if ([...text].length < MIN_NAME_CHARS) return 'short';
  return null;
}
