import type { CSSProperties, ReactNode } from 'react';
import { useBreakpoint } from '../../lib/use-media-query.ts';
import styles from './list-detail.module.css';

export interface ListDetailProps {
  /** The list side: one grid cell, or several (the timesheet's contracts and pay periods). */
  list: ReactNode;
  /** The detail side (a region, an article, a panel); null when there is nothing to show. */
  detail: ReactNode;
  /** Whether an item is chosen: narrow screens then show its detail alone, under the back control. */
  detailOpen: boolean;
  /** Wide screens' grid columns: the list's width (or widths), then the detail's. */
  columns: string;
  /** Back from a detail to the list on narrow screens: its text ('‹ Results') and a name for data-back (focus moves to it). */
  back: { label: string; name: string; onBack: () => void };
  /** Narrow screens show the detail side under the list even with nothing chosen (the job search's empty state). */
  detailWhenClosed?: boolean;
}

/**
 * The list/detail layout of job search, favorites, submitted jobs and timesheets: side by side above the narrow
 * breakpoint; at it and below, the list, or a chosen item's detail alone with a control back to the list.
 */
export function ListDetail({ list, detail, detailOpen, columns, back, detailWhenClosed = false }: ListDetailProps) {
  const narrow = useBreakpoint('narrow');
  const style = { '--list-detail-columns': columns } as CSSProperties;
  if (!narrow)
    return (
      <div className={styles.layout} style={style}>
        {list}
        {detail}
      </div>
    );
  if (detailOpen)
    return (
      <div className={styles.layout}>
        <button type="button" className={styles.back} data-back={back.name} onClick={back.onBack}>
          {back.label}
        </button>
        {detail}
      </div>
    );
  return (
    <div className={styles.layout}>
      {list}
      {detailWhenClosed && detail}
    </div>
  );
}
