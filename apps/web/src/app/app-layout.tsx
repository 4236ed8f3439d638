import { Outlet, ScrollRestoration } from 'react-router';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { LazyLoginModal } from '../features/auth/components/lazy-auth.tsx';
import styles from './app-layout.module.css';

export function AppLayout() {
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <LazyLoginModal />
      <ScrollRestoration />
    </div>
  );
}
