/**
 * Long CPU work on the request path (a feed batch's 7 MB body parsed row by row, its 5,000 rows checked) runs in
 * slices: after this long it lets the requests that came in meanwhile run, then goes on. 8 ms kept searches during
 * a 100,000-job import under their 40 ms line with room to spare; 20 ms slices put them at 53 ms.
 */
export const WORK_SLICE_MS = 8;

/** A clock of slices of work: `pauseIfDue` lets waiting requests run once the current slice has taken `sliceMs`. */
export function workSlices(sliceMs: number = WORK_SLICE_MS) {
  let since = performance.now();
  return {
    async pauseIfDue(): Promise<void> {
      if (performance.now() - since < sliceMs) return;
      await new Promise((r) => setImmediate(r));
      since = performance.now();
    },
  };
}
