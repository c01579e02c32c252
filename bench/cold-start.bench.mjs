// Server cold start: spawn the built server on a fresh data folder, time the first 200 on /api/health.
import { startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'Server cold start to first 200 on /api/health';

const RUNS = 5;
const TARGET_MS = 1000;

/** @public Read by bench/run.mjs. */
export async function run() {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await startServer();
    times.push(server.readyMs);
    await server.stop();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return [
    `median: ${median.toFixed(0)} ms over ${RUNS} runs (min ${sorted[0].toFixed(0)}, max ${sorted.at(-1).toFixed(0)} ms)`,
    `runs: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms (each on a new SQLite file: migrations included)`,
    `target: <= ${TARGET_MS} ms -> ${median <= TARGET_MS ? 'met' : 'NOT met'}`,
  ];
}
