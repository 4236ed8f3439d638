import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDate, jobTitle } from '@hcp/contracts';
import { PageTitle } from '../../../components/layout/page.tsx';
import { ListDetail } from '../../../components/layout/list-detail.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { useJobOffers, useSelectionDetails, useSubmittedJobs, type Selection } from '../api/offers.ts';
import { DetailsPane } from '../components/details-pane.tsx';
import { initialSelection, offerSel, subSel, type NavState, type Tab } from '../selection.ts';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { useFocusAfter } from '../../../lib/use-focus-after.ts';
import { CONTRACT_SIGNED_MESSAGE, justSignedContract } from '../../../lib/signed-contract.ts';
import styles from '../offers.module.css';

/** The list item of a selection (its data-item). */
const itemOf = (sel: Selection) => (sel.kind === 'offer' ? `offer-${sel.submissionId}` : `job-${sel.jobId}`);

const same = (a: Selection | null, b: Selection) =>
  !!a &&
  a.kind === b.kind &&
  (a.kind === 'offer' ? a.submissionId === (b as typeof a).submissionId : a.jobId === (b as typeof a).jobId);

export default function SubmittedJobsPage() {
  const location = useLocation();
  const narrow = useBreakpoint('narrow');
  const offers = useJobOffers();
  const subs = useSubmittedJobs();
  const [tab, setTab] = useState<Tab>('offers');
  const [selection, setSelection] = useState<Selection | null>(null);
  // The link (or hash) the selection was made for: a new link to this page, or a changed hash (#submissions,
  // #offer-12 typed or followed while here), selects again.
  const [selectedFor, setSelectedFor] = useState<string | null>(null);
  const initialized = selectedFor !== null;
  const linkKey = `${location.key}${location.hash}`;
  const details = useSelectionDetails(selection);
  const scrollTo = useRef<string | null>(null);

  useEffect(() => {
    if (selectedFor === linkKey || !offers.data || !subs.data) return;
    const init = initialSelection(offers.data, subs.data, (location.state ?? {}) as NavState, location.hash, narrow);
    setTab(init.tab);
    setSelection(init.selection);
    setSelectedFor(linkKey);
    // The page opens at its top with the linked item in view, not where the previous page was scrolled to (the
    // browser finds no element for #offer-12 to scroll to).
    window.scrollTo(0, 0);
    scrollTo.current = init.selection ? itemOf(init.selection) : null;
  }, [selectedFor, linkKey, offers.data, subs.data, location.state, location.hash, narrow]);

  useEffect(() => {
    if (!scrollTo.current) return;
    document.querySelector(`[data-item="${scrollTo.current}"]`)?.scrollIntoView({ block: 'nearest' });
    scrollTo.current = null;
  });

  const offerList = useMemo(() => offers.data ?? [], [offers.data]);
  const subList = useMemo(() => subs.data ?? [], [subs.data]);
  const nothingYet = initialized && offerList.length === 0 && subList.length === 0;
  // Narrow screens show either the list or the details: focus follows the swap both ways.
  const focusAfter = useFocusAfter();
  const lastOpened = useRef<string | null>(null);
  const select = (sel: Selection, key: string) => {
    setSelection(sel);
    if (narrow) focusAfter(`[data-back="submitted-jobs"]`);
    lastOpened.current = key;
  };

  return (
    <div className={styles.page}>
      <PageTitle title="Submissions & Offers" />
      <h1 className="visually-hidden">Submissions &amp; Offers</h1>
      {justSignedContract(location.state) !== null && <Alert tone="success">{CONTRACT_SIGNED_MESSAGE}</Alert>}
      {(offers.isError || subs.isError) && <Alert>It looks like something went wrong. Please try again.</Alert>}
      <ListDetail
        columns="minmax(320px, 420px) 1fr"
        detailOpen={narrow && !!selection}
        back={{
          label: `‹ ${tab === 'offers' ? 'Offers' : 'Submissions'}`,
          name: 'submitted-jobs',
          onBack: () => {
            if (lastOpened.current) focusAfter(`[data-item="${lastOpened.current}"]`);
            setSelection(null);
          },
        }}
        list={
          <div className={styles.listCol}>
            <Tabs
              label="Submissions and offers"
              active={tab}
              onChange={setTab}
              tabs={[
                { key: 'offers', label: `Offers (${offerList.length})` },
                { key: 'submissions', label: `Submissions (${subList.length})` },
              ]}
            >
              {!initialized ? (
                <Spinner />
              ) : tab === 'offers' ? (
                offerList.length === 0 ? (
                  <EmptyState>No offers to show</EmptyState>
                ) : (
                  <ul className={styles.list}>
                    {offerList.map((o) => {
                      const sel = offerSel(o);
                      return (
                        <li key={o.submissionId}>
                          <button
                            type="button"
                            className={`${styles.item} ${same(selection, sel) ? styles.selected : ''}`}
                            aria-current={same(selection, sel) || undefined}
                            data-item={`offer-${o.submissionId}`}
                            onClick={() => select(sel, `offer-${o.submissionId}`)}
                          >
                            <span className={styles.itemKicker}>
                              {o.isSignable ? 'Your contract is ready to sign!' : 'You received an offer!'}
                            </span>
                            <span className={styles.itemTitle}>{jobTitle(o.profession, o.specialty)}</span>
                            <span className={styles.muted}>
                              {o.facilityName}, {o.city}, {o.state}
                            </span>
                            <span className={styles.muted}>
                              {o.shift} · {o.duration} Weeks · Starts {formatDate(o.startDate)}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )
              ) : subList.length === 0 ? (
                <EmptyState>No submissions to show</EmptyState>
              ) : (
                <ul className={styles.list}>
                  {subList.map((s) => {
                    const sel = subSel(s);
                    return (
                      <li key={s.submissionId}>
                        <button
                          type="button"
                          className={`${styles.item} ${same(selection, sel) ? styles.selected : ''}`}
                          aria-current={same(selection, sel) || undefined}
                          data-item={`job-${s.jobId}`}
                          onClick={() => select(sel, `job-${s.jobId}`)}
                        >
                          <span className={styles.itemKicker}>Submitted {formatDate(s.requestDate.slice(0, 10))}</span>
                          <span className={styles.itemTitle}>{jobTitle(s.profession, s.specialty)}</span>
                          <span className={styles.muted}>
                            {s.facility}, {s.city}, {s.state}
                          </span>
                          <span className={styles.muted}>
                            {s.shift} · {s.duration} Weeks · Starts {formatDate(s.startDate)}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </Tabs>
            {nothingYet && (
              <div className={styles.nothingYet}>
                <p>
                  When you apply for a job, your submission shows up here, and so do the offers and contracts that
                  follow.
                </p>
                <Link to="/job-search" className={buttonClassName()}>
                  Search for jobs
                </Link>
              </div>
            )}
          </div>
        }
        detail={
          <div className={styles.detailsCol}>
            {!selection && !nothingYet && <EmptyState>Select an offer or a submission to see its details.</EmptyState>}
            {selection && details.isPending && <Spinner />}
            {selection && details.isError && <Alert>It looks like something went wrong. Please try again.</Alert>}
            {selection && details.data && <DetailsPane details={details.data} />}
          </div>
        }
      />
    </div>
  );
}
