import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../providers/auth';
import { CloseIcon, CloudIcon, HeartIcon, MenuIcon, MoonIcon, NoteIcon, SunIcon } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { usePanic } from '../../providers/panic';
import { useTheme } from '../providers/theme-provider';
import { PATHS } from '../../lib/route-paths';
import { useProductName } from '../../hooks/product-name';

const LINKS = [
  { to: PATHS.home, label: 'layout.navHome' },
  { to: PATHS.journal, label: 'layout.navJournal' },
  { to: PATHS.affirmations, label: 'layout.navAffirmations' },
  { to: PATHS.resources, label: 'layout.navResources' },
  { to: PATHS.safetyPlan, label: 'layout.navSafetyPlan' },
  { to: PATHS.mood, label: 'layout.navMood' },
  { to: PATHS.incidents, label: 'layout.navIncidents' },
  { to: PATHS.checkin, label: 'layout.navCheckin' },
  { to: PATHS.settings, label: 'layout.navSettings' },
] as const;

export function Navbar() {
  const product_name = useProductName();
  const { user, signOut } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const { enterDisguise } = usePanic();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const t = useT();

  // Close the mobile menu after navigating.
  useEffect(() => setOpen(false), [pathname]);

  const logout = async () => {
    await signOut();
    navigate(PATHS.auth);
  };

  const themeLabel = t(theme === 'light' ? 'layout.themeToDark' : 'layout.themeToLight');

  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Link to={PATHS.home} className="navbar-brand">
          <HeartIcon size={22} />
          <span>{product_name}</span>
        </Link>
        <button
          type="button"
          className="btn btn-ghost navbar-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={t('layout.menu')}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <div id={menuId} className={open ? 'navbar-menu navbar-menu-open' : 'navbar-menu'}>
          <nav aria-label={t('layout.mainNav')}>
            <ul className="navbar-links">
              {LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    end={l.to === PATHS.home}
                    className={({ isActive }) => (isActive ? 'navbar-link navbar-link-active' : 'navbar-link')}
                  >
                    {t(l.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="navbar-actions">
            <button type="button" className="btn btn-secondary navbar-disguise" onClick={() => enterDisguise('weather')}>
              <CloudIcon size={18} />
              {t('layout.weatherMode')}
            </button>
            <button type="button" className="btn btn-secondary navbar-disguise" onClick={() => enterDisguise('notes')}>
              <NoteIcon size={18} />
              {t('layout.notesMode')}
            </button>
            <button
              type="button"
              className="btn btn-ghost navbar-theme"
              onClick={toggleTheme}
              aria-label={themeLabel}
              title={themeLabel}
            >
              {theme === 'light' ? <MoonIcon /> : <SunIcon />}
            </button>
            {user ? (
              <button type="button" className="btn btn-primary" onClick={() => void logout()}>
                {t('layout.logout')}
              </button>
            ) : (
              <Link className="btn btn-primary" to={PATHS.auth}>
                {t('layout.login')}
              </Link>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
