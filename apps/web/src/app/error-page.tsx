import { useRouteError } from 'react-router';
import styles from './error-page.module.css';

/** The unhandled-error screen (spec 01 section 8). A chunk that failed to load offers a reload. */
export function ErrorPage() {
  const error = useRouteError();
  const chunk = error instanceof Error && /dynamically imported module|Loading chunk|ChunkLoadError|Importing a module script failed/i.test(error.message);
  return (
    <main className={styles.page}>
      <title>Error</title>
      <h1>Unexpected Application Error!</h1>
      <p>{chunk ? 'A part of the page could not be loaded (chunk load error).' : 'Something went wrong while showing this page.'}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}
