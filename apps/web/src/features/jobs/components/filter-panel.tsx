import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { trapTab, useReturnFocus } from '../../../components/ui/focus-trap.ts';
import { activeFilterCount, type SearchParamsValue } from '../lib/search-params.ts';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { searchOptionsQuery } from '../api/search-options.ts';

// The filters open in a modal or panel: the form (and the form library) and its options load after the results,
// off the job search's first paint, and are fetched once the results show so they are there when the button is
// pressed.
const loadSearchForm = () => import('./search-form.tsx');
const SearchForm = lazy(() => loadSearchForm().then((m) => ({ default: m.SearchForm })));
import styles from './filter-panel.module.css';

export interface FilterPanelProps {
  value: SearchParamsValue;
  onSubmit: (value: SearchParamsValue) => void;
  title?: string;
  action?: string;
  /** The page has shown what it shows first (the results): the form and its options may load now. */
  preload?: boolean;
}

/** Desktop: an 'All Filters' lightbox. Mobile: a 'Filters' panel opened by 'Search Filters (n)'. */
export function FilterPanel({ value, onSubmit, title = 'All Filters', action, preload = true }: FilterPanelProps) {
  const narrow = useBreakpoint('narrow');
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!preload) return;
    return whenIdle(() => {
      void loadSearchForm();
      void queryClient.prefetchQuery(searchOptionsQuery);
    });
  }, [preload, queryClient]);
  const closeRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (narrow && open) closeRef.current?.focus();
  }, [narrow, open]);
  // The mobile panel covers the page like a modal: Tab stays inside and focus goes back to the toggle.
  useReturnFocus(narrow && open, toggleRef);
  const submit = (v: SearchParamsValue) => {
    setOpen(false);
    onSubmit(v);
  };
  if (narrow) {
    return (
      <div className={styles.bar}>
        <Button ref={toggleRef} variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide Filters' : `Search Filters (${activeFilterCount(value)})`}
        </Button>
        {open && (
          <div
            ref={panelRef}
            className={styles.mobilePanel}
            role="dialog"
            aria-modal="true"
            aria-labelledby="filters-title"
            onKeyDown={(e) => {
              if (e.key === 'Escape' && !e.defaultPrevented) setOpen(false);
              if (panelRef.current) trapTab(e, panelRef.current);
            }}
          >
            <div className={styles.mobileHeader}>
              <h2 id="filters-title">Filters</h2>
              <button
                ref={closeRef}
                type="button"
                className={styles.closeImage}
                onClick={() => setOpen(false)}
                aria-label="Close filters"
              >
                <img src="/icon-close.svg" alt="" width="20" height="20" />
              </button>
            </div>
            <Suspense fallback={<Spinner />}>
              <SearchForm initial={value} submitLabel="Update Results" onSubmit={submit} action={action} />
            </Suspense>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className={styles.bar}>
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide Filters' : 'Show Filters'}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={title} size="md">
        <Suspense fallback={<Spinner />}>
          <SearchForm initial={value} submitLabel="Update Results" onSubmit={submit} action={action} />
        </Suspense>
      </Modal>
    </div>
  );
}
