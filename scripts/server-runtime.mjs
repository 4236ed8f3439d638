// How the server process is run by `npm start` (and by the bench, which measures it the same way): the V8 and
// C library settings that keep its memory to what it uses (docs/decisions/0344). A deployment that runs
// apps/server/dist/server.js itself sets the same (docs/operations.md).

/** A young generation of 8 MiB semi-spaces: the server's short-lived garbage is small, and V8's larger default stays resident. */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8'];

/**
 * glibc malloc: two arenas instead of one per thread (the libuv and V8 threads each kept one, tens of MiB after a
 * password hash or a compile), and large blocks (128 KiB and up) always mapped and given back when freed instead of
 * staying in the heap (the threshold otherwise rises with every large block freed). Values already in the
 * environment win.
 */
export const SERVER_MEMORY_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
