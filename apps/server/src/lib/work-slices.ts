/**
 * Long CPU work on the request path (a feed batch's 7 MB body parsed row by row, its 5,000 rows checked) runs in
 * slices: after this long it lets the requests that came in meanwhile run, then goes on. 8 ms kept searches during
 * a 100,000-job import under their 40 ms line with room to spare; 20 ms slices put them at 53 ms.
 */
export const WORK_SLICE_MS = 8;

/** How many steps (rows) of work go between two readings of the clock: a row takes microseconds, a reading too. */
const STEPS_PER_CLOCK_READING = 64;

/**
 * A clock of slices of work, counted in steps: `due()` after each step says whether the slice has taken `sliceMs`
 * (reading the clock every 64th step only, and staying synchronous so that a step costs no await); then `pause()`
 * lets the waiting requests run and starts the next slice.
 */
export function workSlices(sliceMs: number = WORK_SLICE_MS) {
  let since = performance.now();
  let steps = 0;
  return {
    due(): boolean {
      return ++steps % STEPS_PER_CLOCK_READING === 0 && performance.now() - since >= sliceMs;
    },
    async pause(): Promise<void> {
      await new Promise((r) => setImmediate(r));
      since = performance.now();
    },
  };
}
