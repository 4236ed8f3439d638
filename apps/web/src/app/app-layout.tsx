import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Header } from './header.tsx';
import { RefereeHeader } from './referee-header.tsx';
import { Footer } from './footer.tsx';
import { LazyLoginModal } from '../features/auth/components/lazy-auth.tsx';
import styles from './app-layout.module.css';

/** The public reference form, filled in by a former supervisor. */
const isRefereePage = (pathname: string) => pathname.toLowerCase().startsWith('/clinical-professional-reference');

export function AppLayout() {
  const referee = isRefereePage(useLocation().pathname);
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {referee ? <RefereeHeader /> : <Header />}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <LazyLoginModal />
      <ScrollRestoration />
    </div>
  );
}
