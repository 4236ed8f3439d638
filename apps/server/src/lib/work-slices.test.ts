import { describe, expect, it } from 'vitest';
import { workSlices } from './work-slices.ts';

describe('workSlices', () => {
  it('reads the clock every 64th step and is due there once the slice has run its time', () => {
    const slice = workSlices(0);
    const due = Array.from({ length: 192 }, () => slice.due());
    expect(due.flatMap((d, i) => (d ? [i + 1] : []))).toEqual([64, 128, 192]);
  });

  it('is not due before its time, and a pause lets the waiting work run and starts a new slice', async () => {
    const slice = workSlices(60_000);
    expect(Array.from({ length: 640 }, () => slice.due()).some(Boolean)).toBe(false);
    let ranMeanwhile = false;
    setImmediate(() => (ranMeanwhile = true));
    await slice.pause();
    expect(ranMeanwhile).toBe(true);
  });
});
