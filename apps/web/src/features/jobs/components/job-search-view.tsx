import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { countsHeader } from '@hcp/contracts';
import { SORT_LABELS } from '../lib/labels.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { PageTitle } from '../../../components/layout/page.tsx';
import { ListDetail } from '../../../components/layout/list-detail.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useLoginDialog } from '../../../lib/auth/login-dialog.tsx';
import { useJobs } from '../api/jobs.ts';
import { useFocusAfter } from '../../../lib/use-focus-after.ts';
import { readSearchParams, readSortBy, toSearchString, type SearchParamsValue } from '../lib/search-params.ts';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { FilterPanel } from './filter-panel.tsx';
import { JobCard, jobHref } from './job-card.tsx';
import styles from './job-search-view.module.css';

// The details pane (and the map after it) loads after the results: the list is what a search shows first.
const JobDetailsPane = lazy(() => import('./job-details-pane.tsx').then((m) => ({ default: m.JobDetailsPane })));

/** The results page: filter bar, results on the left, details on the right (full screen on narrow screens). */
export function JobSearchView({ embedded = false }: { embedded?: boolean }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const narrow = useBreakpoint('narrow');
  const { isLoggedIn } = useAuth();
  const login = useLoginDialog();
  const basePath = embedded ? '/careers/find-a-job' : '/job-search';
  const search = useMemo(() => readSearchParams(params), [params]);
  const sortBy = readSortBy(params);
  const selectedParam = params.get('jobId');
  const selected = selectedParam && /^\d+$/.test(selectedParam) ? Number(selectedParam) : null;
  const q = useJobs(search, sortBy);
  const first = q.data?.pages[0];
  const jobs = useMemo(() => q.data?.pages.flatMap((p) => p.jobList) ?? [], [q.data]);
  const returnUrl = `${location.pathname}${location.search}`;
  const detailsRef = useRef<HTMLDivElement>(null);
  // On narrow screens the list and the full-screen details replace each other: focus goes to the
  // 'Results' link, and back to the job's card.
  const focusAfter = useFocusAfter();

  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  // The same search without the chosen job: where a job that is not found leads back to.
  const searchWithoutJob = useMemo(() => {
    const rest = new URLSearchParams(params);
    rest.delete('jobId');
    const qs = rest.toString();
    return qs ? `${basePath}?${qs}` : basePath;
  }, [params, basePath]);

  // Wide screens show the first job when none is chosen.
  const shownId = selected ?? (!narrow && jobs[0] ? jobs[0].jobId : null);

  useEffect(() => {
    if (narrow && selected !== null) window.scrollTo(0, 0);
  }, [narrow, selected]);

  // A link that names a job opens the list at its card: ?jobId= on wide screens (the details beside it), or
  // #job-{id} when coming back from a job's own page. Once per link, when the card is there.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const fromHash = /^#job-(\d+)$/.exec(location.hash);
    const id = fromHash ? Number(fromHash[1]) : !narrow ? selected : null;
    if (id === null) return;
    const key = `${location.key}:${id}`;
    if (scrolledFor.current === key) return;
    const card = document.querySelector(`article[data-job-id="${id}"]`);
    if (!card) return;
    scrolledFor.current = key;
    card.scrollIntoView({ block: 'nearest' });
  }, [location.key, location.hash, narrow, selected, jobs]);

  const open = (jobId: number) => {
    if (embedded && narrow) {
      // 'Back to results' on the job's page comes back to this card.
      navigate(jobHref(jobId, `${returnUrl}#job-${jobId}`));
      return;
    }
    update({ jobId: String(jobId) });
    if (!narrow) detailsRef.current?.scrollTo?.(0, 0);
    else focusAfter('[data-back="results"]');
  };

  const submitFilters = (v: SearchParamsValue) => {
    navigate(`${basePath}?${toSearchString(v, sortBy !== 'preference' ? { sortBy } : {})}`);
  };

  const title = embedded ? 'Find a Job' : 'Job Search';
  const empty = first && first.jobCount === 0;

  const detailOpen = narrow && selected !== null;
  const back = () => {
    focusAfter(`article[data-job-id="${selected}"] a, article[data-job-id="${selected}"] button`);
    update({ jobId: null });
  };

  return (
    <div className={styles.page}>
      <PageTitle title={title} />
      {detailOpen ? (
        <h1 className="visually-hidden">{title}</h1>
      ) : (
        <div className={styles.filterBar}>
          <h1 className={styles.h1}>{title}</h1>
          <FilterPanel value={search} onSubmit={submitFilters} action={basePath} preload={!q.isPending} />
          <SelectField
            label="Sort by"
            fieldClassName={styles.sort}
            value={sortBy}
            onChange={(e) => update({ sortBy: e.target.value === 'preference' ? null : e.target.value, jobId: null })}
          >
            {SORT_LABELS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <ListDetail
        columns="minmax(320px, 420px) 1fr"
        detailOpen={detailOpen}
        detailWhenClosed={!!empty}
        back={{ label: '‹ Results', name: 'results', onBack: back }}
        list={
          <section className={styles.results} aria-label="Results">
            {q.isPending && <Spinner label="Searching jobs" />}
            {q.isError && <p role="alert">The jobs could not be loaded. Please try again.</p>}
            {first && (
              <h2 className={styles.counts} aria-live="polite">
                {countsHeader(first.jobCount, first.positionCount)}
              </h2>
            )}
            {empty && !narrow && <p className={styles.noResults}>No results to show</p>}
            <ul className={styles.list}>
              {jobs.map((j) => (
                <li key={j.jobId}>
                  <JobCard job={j} selected={!narrow && j.jobId === shownId} onOpen={open} returnUrl={returnUrl} />
                </li>
              ))}
            </ul>
            {q.hasNextPage && (
              <Button variant="secondary" block onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
                {q.isFetchingNextPage ? 'Loading...' : 'Show more jobs'}
              </Button>
            )}
          </section>
        }
        detail={
          <section className={styles.detailsPane} aria-label="Job details" ref={detailsRef}>
            {empty && !detailOpen ? (
              <div className={styles.emptyState}>
                <p className={styles.emptyTitle}>Hmm… we didn't find a match for your search.</p>
                <p>Please adjust your filters to broaden your search.</p>
                <p>Don't worry if you can't find the ideal position; jobs are updated daily.</p>
                {!isLoggedIn && (
                  <>
                    <p>You can create an account, and we'll remind you to return.</p>
                    <Button onClick={() => login.open({ dismissable: true, initialTab: 'signup' })}>
                      Create an Account
                    </Button>
                  </>
                )}
              </div>
            ) : (
              <Suspense fallback={<Spinner />}>
                <JobDetailsPane
                  jobId={shownId}
                  onSearchMore={embedded ? () => update({ jobId: null }) : undefined}
                  searchHref={searchWithoutJob}
                />
              </Suspense>
            )}
          </section>
        }
      />
    </div>
  );
}
