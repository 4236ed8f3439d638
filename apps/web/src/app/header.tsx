import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import { useLoginDialog } from '../lib/auth/login-dialog.tsx';
import { useFeatureFlags } from '../lib/feature-flags.ts';
import { useCompletedSteps } from '../lib/application-steps.ts';
import { ExternalLink } from '../components/ui/external-link.tsx';
import { agency } from '../config/agency.ts';
import { BrandMark } from './brand-mark.tsx';
import styles from './header.module.css';

interface MenuLink {
  label: string;
  to: string;
  external?: boolean;
  mobileOnly?: boolean;
}

/** The user menu's links and their flag / application rules (a link shows only where its feature is on and the clinician can use it). */
export function menuLinks(opts: {
  flags: ReturnType<typeof useFeatureFlags>;
  applicationComplete: boolean;
  applicationStarted: boolean;
}): MenuLink[] {
  const { flags, applicationComplete, applicationStarted } = opts;
  const links: (MenuLink | false)[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Jobs Added to Favorites', to: '/favorite-jobs' },
    { label: 'Submissions & Offers', to: '/submitted-jobs' },
    !applicationStarted && { label: 'Start TRS Application', to: '/apply-now' },
    applicationComplete && { label: 'Profile', to: '/profile-page' },
    // The page needs a completed application (anyone else who opens it is told so, with the way to continue).
    flags.DocumentsAndSignatures_IsEnabled &&
      applicationComplete && { label: 'E-Documents & Signatures', to: '/e-documents-and-signatures' },
    flags.Timesheets_IsEnabled
      ? { label: 'Timesheets', to: '/timesheet' }
      : flags.HubIsSunset && { label: 'Timesheets', to: agency.hubLoginUrl, external: true },
    { label: 'Pay Information', to: agency.payrollUrl, external: true },
    { label: 'Benefits Information', to: agency.benefitsUrl, external: true },
    applicationComplete && { label: 'Policies and Procedures', to: '/policies-and-procedures' },
    flags.CredentialsDropbox_IsEnabled && { label: 'Credentials Dropbox', to: '/credentials-dropbox' },
    flags.UpdateBackgroundQuestions_IsEnabled &&
      applicationComplete && { label: 'Update Background Questions', to: '/update-background-questions' },
    flags.ReferAFriend_IsEnabled && { label: 'Refer a Friend', to: '/refer-a-friend' },
    !flags.HubIsSunset && { label: 'Go to Traveler Hub', to: agency.travelerHubUrl, external: true, mobileOnly: true },
  ];
  return links.filter((l): l is MenuLink => !!l);
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
    </svg>
  );
}

export function Header() {
  const { isLoggedIn, user, logout } = useAuth();
  const loginDialog = useLoginDialog();
  const flags = useFeatureFlags();
  const steps = useCompletedSteps();
  // The menu stays open on the page it was opened on: a navigation closes it. Kept as that page rather than closed
  // by an effect, which would also run when the page is first shown and close a menu tapped open while the app was
  // still taking over the server's page.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const open = openOn === location.pathname;
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpenOn(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Focus goes back to the menu button when it was inside the menu that closes.
      const inside = wrap.current?.contains(document.activeElement);
      setOpenOn(null);
      if (inside) menuButton.current?.focus();
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const links = menuLinks({
    flags,
    applicationComplete: user.applicationComplete,
    applicationStarted: user.applicationComplete || (steps.data?.length ?? 1) > 0,
  });

  const onLogout = async () => {
    await logout();
    window.location.assign(agency.homeSiteUrl);
  };

  return (
    <header role="banner" className={styles.header}>
      <div className={styles.inner}>
        <Link to={isLoggedIn ? '/dashboard' : '/job-search'} className={styles.brand}>
          <BrandMark />
          <span>{agency.name}</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <NavLink to="/job-search" className={styles.navLink}>
            Find Jobs
          </NavLink>
          {isLoggedIn ? (
            <div className={styles.menuWrap} ref={wrap}>
              <button
                ref={menuButton}
                type="button"
                className={styles.userButton}
                aria-expanded={open}
                aria-controls={menuId}
                onClick={() => setOpenOn(open ? null : location.pathname)}
              >
                <PersonIcon />
                <span className={styles.userName}>
                  {user.firstName} {user.lastName}
                </span>
                <span className="visually-hidden">Account menu</span>
              </button>
              {open && (
                <ul id={menuId} className={styles.menu}>
                  {links.map((l) => (
                    <li key={l.label} className={l.mobileOnly ? styles.mobileOnly : undefined}>
                      {l.external ? (
                        <ExternalLink href={l.to}>{l.label}</ExternalLink>
                      ) : (
                        <Link to={l.to}>{l.label}</Link>
                      )}
                    </li>
                  ))}
                  <li>
                    <button type="button" onClick={() => void onLogout()}>
                      Logout
                    </button>
                  </li>
                </ul>
              )}
            </div>
          ) : (
            <>
              <button
                type="button"
                className={`${styles.loginButton} ${styles.desktopOnly}`}
                onClick={() => loginDialog.open({ dismissable: true })}
              >
                Traveler Login
              </button>
              <button
                type="button"
                className={`${styles.loginButton} ${styles.mobileOnlyInline}`}
                onClick={() => loginDialog.open({ dismissable: true })}
              >
                Login
              </button>
              <ExternalLink
                className={`${styles.navLink} ${styles.desktopOnly}`}
                href={agency.hospitalLoginUrl}
                compact
              >
                Hospital Login
              </ExternalLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
