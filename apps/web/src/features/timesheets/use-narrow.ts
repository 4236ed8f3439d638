import { useSyncExternalStore } from 'react';

const query = '(max-width: 1250px)';

/** True at 1250px and below (the stacked timesheet layout). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', cb);
      return () => m.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
