import type { Session } from '@supabase/auth-js';
import type { ReactNode } from 'react';
import { useAuth } from '../../providers/auth';
import { LoadingScreen } from '../loading-screen';
import { needsSecondStep } from '../../lib/two-step';
import { ChoosePassword } from './choose-password';
import { CodeStep } from './code-step';
import { SignInForm } from './sign-in-form';
import './staff-sign-in.css';

type Props = {
  title: string;
  /** Shown above the sign-in form only. */
  intro: string;
  signInHeading: string;
  signOutLabel: string;
  /** The account may be a private sign-in name (an operator's). */
  acceptsName?: boolean;
  /** The area's own class beside `staff-area` (a wider page). */
  className?: string;
  /** What the area shows once its session passed every step of sign-in here. */
  children: (session: Session) => ReactNode;
};

/**
 * A staff area's frame (the advocates' area, the operator's console): its own chunk, never linked from her app. A
 * set-up link lands signed in once: a password first, then the authenticator's code when one is set up; only then
 * the area, which asks the server whether two-step sign-in still has to be set up. The session is the app's one
 * (providers/auth.tsx): nothing of it stays after the sign-out button.
 */
export function StaffArea({ title, intro, signInHeading, signOutLabel, acceptsName = false, className, children }: Props) {
  const { session, loading, recovery, signOut } = useAuth();
  if (loading) return <LoadingScreen />;

  let body;
  if (!session) body = <SignInForm heading={signInHeading} acceptsName={acceptsName} />;
  else if (needsSecondStep(session)) body = <CodeStep />;
  else if (recovery === 'recovery') body = <ChoosePassword />;
  else body = children(session);

  return (
    <main className={className ? `staff-area ${className}` : 'staff-area'}>
      <header className="staff-header">
        <h1>{title}</h1>
        {session ? (
          <button type="button" className="btn btn-secondary" onClick={() => void signOut()}>
            {signOutLabel}
          </button>
        ) : null}
      </header>
      {!session ? <p>{intro}</p> : null}
      {body}
    </main>
  );
}
