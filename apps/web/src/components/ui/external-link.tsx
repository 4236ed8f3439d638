import { useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { pageOrigin } from '../../lib/render-env.ts';
import styles from './external-link.module.css';

/**
 * The site a link goes to, as a person reads it: its host name without "www.". Relative to the page's origin, which
 * the server knows too: a page it renders names the same site the browser then hydrates.
 */
export function siteOf(href: string): string {
  try {
    return new URL(href, pageOrigin()).hostname.replace(/^www\./, '');
  } catch {
    return href;
  }
}

/**
 * Leaving the portal while offline opens a tab (or a page) that cannot load and strands the clinician there: the
 * portal says so in place instead. `leave(href, go)` runs `go` when the browser is online, and otherwise keeps the
 * clinician here and shows `notice`; a later successful try clears it.
 */
export function useLeavePortal() {
  const [offlineSite, setOfflineSite] = useState<string | null>(null);
  const leave = useCallback((href: string, go?: () => void): boolean => {
    if (navigator.onLine === false) {
      setOfflineSite(siteOf(href));
      return false;
    }
    setOfflineSite(null);
    go?.();
    return true;
  }, []);
  const notice = offlineSite ? (
    <span role="alert" className={styles.offline}>
      You are offline, so {offlineSite} cannot open right now. Please connect to the internet and try again.
    </span>
  ) : null;
  return { leave, notice };
}

/**
 * A link that leaves the portal: it opens a new tab, says which site (unless the caller's text already does), and
 * offline it says so instead of opening a tab that fails.
 */
export function ExternalLink({
  href,
  children,
  className,
  namesSite = false,
  compact = false,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  /** The link's own text already says where it goes (then only "opens in a new tab" is added, for screen readers). */
  namesSite?: boolean;
  /**
   * Where a line has no room for more words (the header's bar): the site and "opens in a new tab" are said to
   * screen readers and shown as the link's tooltip rather than beside its text.
   */
  compact?: boolean;
}) {
  const { leave, notice } = useLeavePortal();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!leave(href)) e.preventDefault();
  };
  const where = `${siteOf(href)}, opens in a new tab`;
  return (
    <>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        onClick={onClick}
        title={compact && !namesSite ? where : undefined}
      >
        {children}
        {namesSite ? (
          <span className="visually-hidden"> (opens in a new tab)</span>
        ) : (
          <span className={compact ? 'visually-hidden' : styles.site}> ({where})</span>
        )}
      </a>
      {notice}
    </>
  );
}
