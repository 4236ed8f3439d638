import type { ReactNode } from 'react';
import { agency } from '../../config/agency.ts';
import styles from './page.module.css';

/** Sets the document title for the route (React 19 hoists <title> into the head). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${agency.name}`}</title>;
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
