import { useT } from '../../lib/i18n';
import { StaffArea } from '../../components/staff-sign-in';
import { AdvocateHome } from './advocate-home';
import './advocate.css';
import { useProductName } from '../../hooks/product-name';

/**
 * The advocates' area at /advocate (docs/advocates.md): its own chunk, never linked from her app. A set-up link
 * lands here signed in once: a password first, then two-step sign-in, then the key; only then anything else.
 */
export default function AdvocatePage() {
  const t = useT();
  const productName = useProductName();
  return (
    <StaffArea
      title={t('advocate.title')}
      intro={t('advocate.intro', { name: productName })}
      signInHeading={t('advocate.signInHeading')}
      signOutLabel={t('advocate.signOut')}
    >
      {(session) => <AdvocateHome session={session} />}
    </StaffArea>
  );
}
