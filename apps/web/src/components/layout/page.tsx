import type { ReactNode } from 'react';
import { agency } from '../../config/agency.ts';
import { Spinner } from '../ui/feedback.tsx';
import styles from './page.module.css';

/** Sets the document title for the route (React 19 hoists <title> into the head). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${agency.name}`}</title>;
}

/**
 * A page still loading what it shows: its title is already the page's. Without one the document would have no
 * title at all meanwhile (React removes the previous page's with that page), and a tab or screen reader names nothing.
 */
export function PageLoading({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Spinner />
    </>
  );
}

/** The page frame with its visible title (every framed page names itself in an h1, for orientation and screen readers). */
export function PageFrame({
  title,
  children,
  actions,
  wide,
  hideHeading,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  hideHeading?: boolean;
}) {
  return (
    <div className={`${styles.frame} ${wide ? styles.wide : ''}`}>
      <PageTitle title={title} />
      <div className={styles.heading}>
        <h1 className={hideHeading ? 'visually-hidden' : undefined}>{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
