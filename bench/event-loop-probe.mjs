// Preloaded into a server under test (`node --import ./event-loop-probe.mjs server.js`): records the server's own
// event-loop delay. SIGUSR2 writes the histogram since the last signal to BENCH_EVENT_LOOP_FILE and starts a new one,
// so the bench can bracket a phase with two signals. Not part of the server: it is loaded only by the bench.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let seq = 0;
  process.on('SIGUSR2', () => {
    seq += 1;
    const ms = (ns) => +(ns / 1e6).toFixed(2);
    writeFileSync(
      file,
      JSON.stringify({
        seq,
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        samples: histogram.count,
      }),
    );
    histogram.reset();
  });
}
