import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<T extends ComponentType> = LazyExoticComponent<T> & {
  /** Loads the component's module now (once); resolves when it is there. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy, with a way to load the module ahead. A component whose module is already loaded renders at once:
 * React reads a thenable that calls back synchronously as resolved, so it neither suspends nor shows the Suspense
 * fallback and then the content a moment later (React holds a revealed boundary back up to 300 ms after its
 * fallback showed). The app preloads the page of the address it opens on before its first render.
 */
export function lazyWithPreload<T extends ComponentType>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then((m) => {
      loaded = m;
      return m;
    }));
  const Component = lazy(() =>
    loaded
      ? // Resolved on the spot (React only needs `then`), unlike a promise, whose callbacks run later.
        ({ then: (resolve: (m: { default: T }) => void) => resolve(loaded!) } as unknown as Promise<{ default: T }>)
      : preload(),
  );
  return Object.assign(Component, { preload });
}
