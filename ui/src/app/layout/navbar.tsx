import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAppConfig } from '../../lib/app-config';
import { useAuth } from '../../lib/auth';
import { CloseIcon, CloudIcon, HeartIcon, MenuIcon, MoonIcon, NoteIcon, SunIcon } from '../../lib/icons';
import { usePanic } from '../../lib/panic';
import { useTheme } from '../providers/theme-provider';
import { PATHS } from '../../lib/route-paths';

const LINKS = [
  { to: PATHS.home, label: 'Home' },
  { to: PATHS.journal, label: 'Journal' },
  { to: PATHS.affirmations, label: 'Affirmations' },
  { to: PATHS.resources, label: 'Resources' },
  { to: PATHS.safetyPlan, label: 'Safety Plan' },
  { to: PATHS.mood, label: 'Mood' },
  { to: PATHS.settings, label: 'Settings' },
] as const;

export function Navbar() {
  const { product_name } = useAppConfig();
  const { user, signOut } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const { enterDisguise } = usePanic();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  // Close the mobile menu after navigating.
  useEffect(() => setOpen(false), [pathname]);

  const logout = async () => {
    await signOut();
    navigate(PATHS.auth);
  };

  const nextTheme = theme === 'light' ? 'dark' : 'light';

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
          aria-label="Menu"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <div id={menuId} className={open ? 'navbar-menu navbar-menu-open' : 'navbar-menu'}>
          <nav aria-label="Main">
            <ul className="navbar-links">
              {LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    end={l.to === PATHS.home}
                    className={({ isActive }) => (isActive ? 'navbar-link navbar-link-active' : 'navbar-link')}
                  >
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="navbar-actions">
            <button type="button" className="btn btn-secondary navbar-disguise" onClick={() => enterDisguise('weather')}>
              <CloudIcon size={18} />
              Weather Mode
            </button>
            <button type="button" className="btn btn-secondary navbar-disguise" onClick={() => enterDisguise('notes')}>
              <NoteIcon size={18} />
              Notes Mode
            </button>
            <button
              type="button"
              className="btn btn-ghost navbar-theme"
              onClick={toggleTheme}
              aria-label={`Switch to ${nextTheme} theme`}
              title={`Switch to ${nextTheme} theme`}
            >
              {theme === 'light' ? <MoonIcon /> : <SunIcon />}
            </button>
            {user ? (
              <button type="button" className="btn btn-primary" onClick={() => void logout()}>
                Logout
              </button>
            ) : (
              <Link className="btn btn-primary" to={PATHS.auth}>
                Login
              </Link>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
