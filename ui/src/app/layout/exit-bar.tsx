import { useLocation } from 'react-router-dom';
import { QuickExitBar } from '../../components/quick-exit-button';
import { isDisguisePath } from '../../lib/route-paths';

/** The quick-exit bar on every screen but the disguises (there the back arrow is the exit, docs/product.md). */
export function ExitBar() {
  const { pathname } = useLocation();
  return isDisguisePath(pathname) ? null : <QuickExitBar />;
}
