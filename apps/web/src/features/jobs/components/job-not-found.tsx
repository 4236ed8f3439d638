import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';

/**
 * A job id that names no job (closed and gone, or a link cut short): says so, with the way to the search, on the
 * job's own page and in the job search's details pane alike.
 */
export function JobNotFound({ headingLevel = 'h2', searchHref }: { headingLevel?: 'h1' | 'h2'; searchHref: string }) {
  const id = useId();
  const Heading = headingLevel;
  return (
    <section aria-labelledby={id}>
      <Heading id={id}>Job not found</Heading>
      <p>This job is no longer listed, or the link to it is incomplete. New assignments are added every day.</p>
      <Link to={searchHref} className={buttonClassName()}>
        Search for jobs
      </Link>
    </section>
  );
}
