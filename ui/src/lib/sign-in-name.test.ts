import { describe, expect, it } from 'vitest';
import { accountLabel, isSignInName, nameProblem, toAuthAddress } from './sign-in-name';

describe('sign-in names', () => {
  it('turns a name into its reserved address and leaves an e-mail address alone', () => {
    expect(toAuthAddress('  Quiet.River ')).toBe('quiet.river@sign-in.invalid');
    expect(toAuthAddress(' sam@example.com ')).toBe('sam@example.com');
    expect(toAuthAddress('quiet.river@sign-in.invalid')).toBe('quiet.river@sign-in.invalid');
  });

  it('shows only the name of a name account', () => {
    expect(accountLabel('quiet.river@sign-in.invalid')).toBe('quiet.river');
    expect(accountLabel('sam@example.com')).toBe('sam@example.com');
    expect(isSignInName('Quiet.River@Sign-In.Invalid')).toBe(true);
    expect(isSignInName('sam@invalid.example')).toBe(false);
  });

  it('asks for at least 6 characters without spaces or @', () => {
    expect(nameProblem('river')).toBe('short');
    expect(nameProblem('quiet river')).toBe('characters');
    expect(nameProblem('quiet@river')).toBe('characters');
    expect(nameProblem('शांत-नदी-42')).toBeNull();
    expect(nameProblem('quiet.river')).toBeNull();
  });
});
