import { useT } from '../../lib/i18n';
import { StaffArea } from '../../components/staff-sign-in';
import { useProductName } from '../../hooks/product-name';
import { ConsoleHome } from './console-home';
// Its own stylesheet, fetched with the console: the app's one stylesheet is part of her first load, and the
// console's rules have no place there.
import stylesheet from './operator.css?url';

/**
 * The operator's console at /operator (docs/operator.md, "The console"): its own chunk, linked from nowhere in her
 * app or the advocates' area. The server answers its routes only from the allowed networks and only to an
 * operator's token with two-step sign-in passed.
 */
export default function OperatorPage() {
  const t = useT();
  const productName = useProductName();
  return (
    <>
      <link rel="stylesheet" href={stylesheet} />
      <StaffArea
        title={t('operator.title')}
        intro={t('operator.intro', { name: productName })}
        signInHeading={t('operator.signInHeading')}
        signOutLabel={t('operator.signOut')}
        acceptsName
        className="console-area"
      >
        {() => <ConsoleHome />}
      </StaffArea>
    </>
  );
}
