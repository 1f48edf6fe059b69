import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';
import { LoadingScreen } from '../../components/loading-screen';
import { needsSecondStep } from '../../lib/two-step';
import { AdvocateHome } from './advocate-home';
import { ChoosePassword } from './choose-password';
import { CodeStep } from './code-step';
import { SignInForm } from './sign-in-form';
import './advocate.css';
import { useProductName } from '../../hooks/product-name';

/**
 * The advocates' area at /advocate (docs/advocates.md): its own chunk, never linked from her app. A set-up link
 * lands here signed in once: a password first, then two-step sign-in, then the key; only then anything else.
 */
export default function AdvocatePage() {
  const t = useT();
  const productName = useProductName();
  const { session, loading, recovery, signOut } = useAuth();
  if (loading) return <LoadingScreen />;

  let body;
  if (!session) body = <SignInForm />;
  else if (needsSecondStep(session)) body = <CodeStep />;
  else if (recovery === 'recovery') body = <ChoosePassword />;
  else body = <AdvocateHome session={session} />;

  return (
    <main className="advocate-area">
      <header className="advocate-header">
        <h1>{t('advocate.title')}</h1>
        {session ? (
          <button type="button" className="btn btn-secondary" onClick={() => void signOut()}>
            {t('advocate.signOut')}
          </button>
        ) : null}
      </header>
      {!session ? <p>{t('advocate.intro', { name: productName })}</p> : null}
      {body}
    </main>
  );
}
