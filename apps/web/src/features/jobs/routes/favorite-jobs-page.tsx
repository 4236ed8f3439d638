import { useState } from 'react';
import { PageFrame } from '../../../components/layout/page.tsx';
import { ListDetail } from '../../../components/layout/list-detail.tsx';
import { EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useFavoriteJobs } from '../api/favorites.ts';
import { JobCard } from '../components/job-card.tsx';
import { JobDetailsPane } from '../components/job-details-pane.tsx';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { useFocusAfter } from '../../../lib/use-focus-after.ts';
import styles from './pages.module.css';

export default function FavoriteJobsPage() {
  const { isLoggedIn } = useAuth();
  const q = useFavoriteJobs(isLoggedIn);
  const narrow = useBreakpoint('narrow');
  const [tab, setTab] = useState<'active' | 'archived'>('active');
  const [selected, setSelected] = useState<number | null>(null);
  const list = tab === 'active' ? (q.data?.activeJobs ?? []) : (q.data?.archivedJobs ?? []);
  const focusAfter = useFocusAfter();
  const open = (jobId: number) => {
    setSelected(jobId);
    if (narrow) focusAfter('[data-back="favorites"]');
  };
  const shown =
    selected !== null && list.some((j) => j.jobId === selected) ? selected : !narrow ? (list[0]?.jobId ?? null) : null;

  const detailOpen = narrow && selected !== null;

  return (
    <PageFrame title="Favorite Jobs" wide={!detailOpen} hideHeading={detailOpen}>
      {q.isPending ? (
        <Spinner />
      ) : (
        <ListDetail
          columns="minmax(300px, 420px) 1fr"
          detailOpen={detailOpen}
          back={{
            label: '‹ Favorites',
            name: 'favorites',
            onBack: () => {
              focusAfter(`article[data-job-id="${selected}"] a, article[data-job-id="${selected}"] button`);
              setSelected(null);
            },
          }}
          list={
            <Tabs
              label="Favorite jobs"
              active={tab}
              onChange={(k) => {
                setTab(k);
                setSelected(null);
              }}
              tabs={[
                { key: 'active', label: `Active (${q.data?.activeJobs.length ?? 0})` },
                { key: 'archived', label: `Archived (${q.data?.archivedJobs.length ?? 0})` },
              ]}
            >
              {list.length === 0 ? (
                <EmptyState>
                  {tab === 'active'
                    ? 'No favorite jobs yet. Tap the heart on a job to keep it here.'
                    : 'No archived favorites.'}
                </EmptyState>
              ) : (
                <ul className={styles.list}>
                  {list.map((j) => (
                    <li key={j.jobId}>
                      <JobCard
                        job={j}
                        selected={!narrow && j.jobId === shown}
                        onOpen={open}
                        returnUrl="/favorite-jobs"
                        headingLevel="h2"
                      />
                    </li>
                  ))}
                </ul>
              )}
            </Tabs>
          }
          detail={
            <section aria-label="Job details" className={styles.details}>
              <JobDetailsPane jobId={detailOpen ? selected : shown} searchHref="/job-search" />
            </section>
          }
        />
      )}
    </PageFrame>
  );
}
