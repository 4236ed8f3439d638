import { useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a page whose code is fetched on its own (a dialog the page offers, loaded once the page has shown),
 * for which a failed download is no failure of the page. React.lazy would throw the download's error into the page
 * (a phone that loses its signal after the job has shown would see "Reload the page" in place of the job) and keep
 * that error for good. Here a failed download renders nothing while the part is not `wanted` (a closed dialog), is
 * fetched again when it becomes wanted, and while still unreachable renders `unavailable`, with a retry.
 */
export function partLoadedWhenUsed<P extends object>(
  load: () => Promise<ComponentType<P>>,
  opts: { wanted: (props: P) => boolean; unavailable: (props: P, retry: () => void) => ReactNode },
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchPart = () =>
    (loading ??= load().then(
      (part) => (loaded = part),
      (err: unknown) => {
        // The next try downloads again (a module promise that failed is not kept).
        loading = null;
        throw err;
      },
    ));

  return function PartLoadedWhenUsed(props: P) {
    const wanted = opts.wanted(props);
    const [attempt, retry] = useReducer((n: number) => n + 1, 0);
    const [, showLoaded] = useReducer((n: number) => n + 1, 0);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      fetchPart().then(
        () => live && showLoaded(),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
      // A part that became wanted, or a retry, fetches again.
    }, [wanted, attempt]);
    const Part = loaded;
    if (Part) return <Part {...props} />;
    if (failed && wanted)
      return opts.unavailable(props, () => {
        setFailed(false);
        retry();
      });
    return null;
  };
}
