import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { StartApplicationDraft } from '@hcp/contracts';
import { useAuth } from './auth/auth-provider.tsx';
import { TOKEN_COOKIE, readCookie } from './cookies.ts';
import { tokenSubject } from './jwt.ts';
import type * as PendingApplyCheck from './pending-apply-check.ts';
import type { Stored } from './pending-apply-check.ts';

/**
 * An application for a job that waits for the clinician's employment application: a clinician who applies before
 * their application is complete is sent to finish it, and what they typed in the apply dialog (start date, time
 * off, notes) is kept here until then. Once the application is submitted the dashboard brings them back to the
 * job, where the dialog opens again with it (docs/decisions/0261-pending-apply-kept-in-the-browser.md).
 *
 * Kept in the browser's localStorage (it outlives the tab: an application takes days), under the clinician's id
 * from the login token so another person's login on the same browser never sees it, for at most KEEP_DAYS.
 */

const KEY = 'hcp_pending_apply';
interface PendingApply {
  jobId: number;
  title: string | null;
  draft: StartApplicationDraft;
  offered: boolean;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

// The check of a kept apply (zod, the date module) loads once there is one to check (lib/pending-apply-check.ts).
type Check = typeof PendingApplyCheck;
let check: Check | null = null;
let loadingCheck: Promise<Check> | null = null;
const loadCheck = () =>
  (loadingCheck ??= import('./pending-apply-check.ts').then(
    (m) => {
      check = m;
      notify();
      return m;
    },
    (err: unknown) => {
      // Offline: what was kept stays in storage, for a later page that can check it.
      loadingCheck = null;
      throw err;
    },
  ));
/** Runs `use` with the check once it has loaded; without it (offline) nothing changes. */
const withCheck = (use: (c: Check) => void) => void loadCheck().then(use, () => {});

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    // Storage can be switched off (private modes, policies): the apply then simply is not kept.
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * What the hooks read: the kept value once it can be checked. Until its check has loaded a kept value reads as
 * none, and reading it starts the load (subscribers are told when it is there).
 */
function snapshot(): string | null {
  const raw = readRaw();
  if (raw && !check) {
    withCheck(() => {});
    return null;
  }
  return raw;
}

const read = (raw: string | null): Stored | null => (raw && check ? check.checkStored(raw) : null);

function write(value: Stored | null) {
  try {
    const s = storage();
    if (!s) return;
    if (value) s.setItem(KEY, JSON.stringify(value));
    else s.removeItem(KEY);
  } catch {
    // A full or refused storage loses the kept apply, never the page.
  }
  notify();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab keeping or finishing an apply.
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Keeps the apply of the signed-in clinician (one at a time: the latest job wins). The login is read when it is
 * kept, not when the dialog opened: a visitor logs in between the two.
 */
export function keepPendingApply(jobId: number, draft: StartApplicationDraft, title?: string) {
  const userId = tokenSubject(readCookie(TOKEN_COOKIE));
  if (!userId) return;
  withCheck((c) => write({ userId, jobId, title, savedOn: c.today(), offered: false, draft }));
}

/** Drops the signed-in clinician's kept apply (only the one for `jobId` when given): applied, or let go. */
export function clearPendingApply(jobId?: number) {
  if (!readRaw()) return;
  withCheck((c) => {
    const current = c.checkStored(readRaw());
    if (!current || current.userId !== tokenSubject(readCookie(TOKEN_COOKIE))) return;
    if (jobId === undefined || current.jobId === jobId) write(null);
  });
}

/** The signed-in clinician's kept apply (null when none), with its two changes. */
export function usePendingApply() {
  const { token } = useAuth();
  const raw = useSyncExternalStore(subscribe, snapshot, () => null);
  const stored = read(raw);
  const userId = token ? tokenSubject(token) : '';
  const mine = stored && userId && stored.userId === userId ? stored : null;
  const pending: PendingApply | null = mine
    ? { jobId: mine.jobId, title: mine.title ?? null, draft: mine.draft, offered: mine.offered }
    : null;
  const clear = useCallback(() => clearPendingApply(), []);
  const markOffered = useCallback(() => {
    const current = read(readRaw());
    if (current && current.userId === userId && !current.offered) write({ ...current, offered: true });
  }, [userId]);
  return { pending, clear, markOffered };
}

/**
 * For the page a submitted application lands on: once the application is complete, a kept apply brings the
 * clinician back to its job (once; the job page opens the dialog with what they typed).
 */
export function useReturnToPendingApply() {
  const { user, userLoaded } = useAuth();
  const { pending } = usePendingApply();
  const navigate = useNavigate();
  const jobId = pending && !pending.offered ? pending.jobId : null;
  const ready = userLoaded && user.applicationComplete;
  useEffect(() => {
    if (ready && jobId !== null) navigate(`/careers/find-a-job/${jobId}?returnUrl=%2Fdashboard`);
  }, [ready, jobId, navigate]);
  return ready && jobId !== null;
}
