import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { smallestSorted } from './service.ts';

describe('smallestSorted (the page selection of a search)', () => {
  it('answers the k smallest values in ascending order, like a full sort would', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 2 ** 40 }), { minLength: 1, maxLength: 400 }),
        fc.nat(),
        (xs, n) => {
          const k = 1 + (n % xs.length);
          const values = Float64Array.from(xs);
          const expected = Float64Array.from(xs).sort().slice(0, k);
          expect([...smallestSorted(values, k)]).toEqual([...expected]);
          // The input is left as it was (the search reads positions from it afterwards).
          expect([...values]).toEqual(xs);
        },
      ),
    );
  });
});
