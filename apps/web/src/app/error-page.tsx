import { useRouteError } from 'react-router';
import { agency } from '../config/agency.ts';
import styles from './error-page.module.css';

/** The unhandled-error screen: a crash shows a way back instead of a blank page. A chunk that failed to load offers a reload. */
export function ErrorPage({ nested = false }: { nested?: boolean }) {
  const error = useRouteError();
  const chunk =
    error instanceof Error &&
    /dynamically imported module|Loading chunk|ChunkLoadError|Importing a module script failed/i.test(error.message);
  // Inside the app layout the page already has its main landmark; on its own the error page is the main.
  const Root = nested ? 'div' : 'main';
  return (
    <Root className={styles.page}>
      <title>{`Unexpected Application Error | ${agency.name}`}</title>
      <h1>Unexpected Application Error!</h1>
      <p>
        {chunk
          ? 'A part of the page could not be loaded (chunk load error).'
          : 'Something went wrong while showing this page.'}
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </Root>
  );
}
