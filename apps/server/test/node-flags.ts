/**
 * Node flags of the test processes that open the embedded database: the vitest workers of the server projects
 * (vitest.config.ts) and the server processes the tests start (spawn-server.ts).
 *
 * PGlite is PostgreSQL compiled to WebAssembly. A few seconds after a process first uses it, V8 optimises its SQL
 * parser, one function of 105 KB, with some 600 MB and 3 s of a background thread (decision 0361): worth it for a
 * server that runs for days, paid again by every test file (each runs in a fresh process) and every server a test
 * starts, on a machine whose two cores the other test worker needs. Test processes keep V8's baseline compiler
 * only: the same WebAssembly, the same results, unoptimised (decision 0364).
 */
export const TEST_NODE_FLAGS: readonly string[] = ['--liftoff-only'];
