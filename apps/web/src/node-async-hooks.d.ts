// The one Node.js module the server's render entry (entry-server.tsx) uses; the web app has no Node.js types.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
