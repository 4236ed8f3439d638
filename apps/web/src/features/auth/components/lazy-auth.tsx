import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useLoginDialog } from '../../../lib/auth/login-dialog.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';

// The login and sign-up forms (and the form validation library with them) load when first shown, not with
// every page: most visits search jobs without opening them.
const LoginModal = lazy(() => import('./login-modal.tsx').then((m) => ({ default: m.LoginModal })));
const AuthPanel = lazy(() => import('./auth-panel.tsx').then((m) => ({ default: m.AuthPanel })));

/** The login and sign-up dialog, mounted once it has been opened. */
export function LazyLoginModal() {
  const { state } = useLoginDialog();
  const [opened, setOpened] = useState(state.open);
  if (state.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}

export function LazyAuthPanel(props: ComponentProps<typeof AuthPanel>) {
  return (
    <Suspense fallback={<Spinner />}>
      <AuthPanel {...props} />
    </Suspense>
  );
}
