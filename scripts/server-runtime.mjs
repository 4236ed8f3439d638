// How the server process is run by `npm start` (and by the bench, which measures it the same way): the V8 and
// C library settings that keep its memory to what it uses (docs/decisions/0344). A deployment that runs
// apps/server/dist/server.js itself sets the same (docs/operations.md).

/** A young generation of 8 MiB semi-spaces: the server's short-lived garbage is small, and V8's larger default stays resident. */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8'];

/**
 * glibc malloc: two arenas instead of one per thread (the libuv and V8 threads each kept one, tens of MiB after a
 * password hash or a compile), and large blocks (1 MiB and up: file buffers, PDFs) always mapped and given back when
 * freed instead of staying in the heap (the threshold otherwise rises with every large block freed, to 32 MiB).
 * Blocks under 1 MiB stay in the heap, and up to 2 MiB free at its top is kept (glibc's own ratio, twice the mapping
 * threshold): every compressed answer allocates brotli's or gzip's tables (176 + 260 KiB), and mapping them afresh
 * each time cost page faults on every answer (a cold search's CPU tripled on a virtual machine). Values already in
 * the environment win.
 */
export const SERVER_MEMORY_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '1048576',
  MALLOC_TRIM_THRESHOLD_: '2097152',
};
