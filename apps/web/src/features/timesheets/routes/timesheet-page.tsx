import { useMemo, useState } from 'react';
import { formatDate, localIsoDate } from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { ListDetail } from '../../../components/layout/list-detail.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { useTimesheetList } from '../api/timesheets.ts';
import { LockIcon, PayPeriodPanel } from '../components/pay-period-panel.tsx';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { useFocusAfter } from '../../../lib/use-focus-after.ts';
import styles from '../timesheets.module.css';

export default function TimesheetPage() {
  const list = useTimesheetList();
  const narrow = useBreakpoint('narrow');
  const contracts = useMemo(() => list.data ?? [], [list.data]);
  const today = localIsoDate();
  const defaultContract = contracts.find((c) => c.endDate >= today) ?? contracts[0];
  const [contractId, setContractId] = useState<number | null>(null);
  const contract = contracts.find((c) => c.contractId === contractId) ?? defaultContract;
  const [periodId, setPeriodId] = useState<number | null>(null);
  const periods = contract?.timesheets ?? [];
  const defaultPeriod = narrow
    ? undefined
    : ([...periods].reverse().find((p) => !p.isLocked && !p.submittedDate) ?? periods[periods.length - 1]);
  const period = periods.find((p) => p.timesheetId === periodId) ?? defaultPeriod;

  // Narrow screens show either the pay periods or one period: focus follows the swap.
  const focusAfter = useFocusAfter();
  const openPeriod = (id: number) => {
    setPeriodId(id);
    if (narrow) focusAfter('[data-back="pay-periods"]');
  };
  const choose = (id: number) => {
    setContractId(id);
    setPeriodId(null);
  };

  return (
    <PageFrame title="Timesheets" wide>
      {list.isPending && <Spinner />}
      {list.isError && <Alert>Oops... looks like something went wrong. Please try again.</Alert>}
      {list.data && contracts.length === 0 && <EmptyState>You have no assignments with timesheets yet.</EmptyState>}
      {contract && (
        <ListDetail
          columns="240px 280px 1fr"
          detailOpen={!!period}
          back={{
            label: '‹ Pay Periods',
            name: 'pay-periods',
            onBack: () => {
              if (period) focusAfter(`[data-timesheet-id="${period.timesheetId}"]`);
              setPeriodId(null);
            },
          }}
          list={
            <>
              {narrow ? (
                <SelectField
                  label="Contract"
                  value={String(contract.contractId)}
                  onChange={(e) => choose(Number(e.target.value))}
                >
                  {contracts.map((c) => (
                    <option key={c.contractId} value={c.contractId}>
                      {c.facilityName} ({formatDate(c.startDate)} - {formatDate(c.endDate)})
                    </option>
                  ))}
                </SelectField>
              ) : (
                <nav className={styles.contracts} aria-label="Contracts">
                  {contracts.map((c) => (
                    <button
                      key={c.contractId}
                      type="button"
                      className={`${styles.contract} ${c.contractId === contract.contractId ? styles.active : ''}`}
                      aria-current={c.contractId === contract.contractId || undefined}
                      onClick={() => choose(c.contractId)}
                    >
                      <strong>{c.facilityName}</strong>
                      <span>
                        {c.city}, {c.state}
                      </span>
                      <span className={styles.muted}>
                        {formatDate(c.startDate)} - {formatDate(c.endDate)}
                      </span>
                    </button>
                  ))}
                </nav>
              )}
              <section className={styles.periods} aria-labelledby="periods-title">
                <h2 id="periods-title">Pay Periods</h2>
                {periods.length === 0 ? (
                  <EmptyState>No pay periods available for the selected contract.</EmptyState>
                ) : (
                  <ul className={styles.periodList}>
                    {[...periods].reverse().map((p) => (
                      <li key={p.timesheetId}>
                        <button
                          type="button"
                          className={`${styles.period} ${period?.timesheetId === p.timesheetId ? styles.active : ''}`}
                          aria-current={period?.timesheetId === p.timesheetId || undefined}
                          data-timesheet-id={p.timesheetId}
                          onClick={() => openPeriod(p.timesheetId)}
                        >
                          <span>
                            {formatDate(p.startDate)} - {formatDate(p.endDate)}
                          </span>
                          <span className={styles.periodState}>
                            {p.submittedDate && <span>Submitted {formatDate(p.submittedDate.slice(0, 10))}</span>}
                            {/* Approved by the agency (not in the spec's model): shown next to the lock. */}
                            {p.approvedDate && <span>Approved {formatDate(p.approvedDate.slice(0, 10))}</span>}
                            {p.isLocked && <LockIcon />}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          }
          detail={
            period && (
              <div className={styles.entries}>
                <PayPeriodPanel key={period.timesheetId} period={period} unit={contract.unit} />
              </div>
            )
          }
        />
      )}
    </PageFrame>
  );
}
