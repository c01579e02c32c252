// Server time of one demo character generation: 4 PNGs drawn and stored as candidates.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, signIn, startServer } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'generation';

const RUNS = 5;

/** @public Read by bench/run.mjs. */
export async function run() {
  const server = await startServer({ env: { GENERATION_RATE_LIMIT_MAX: '1000' } });
  try {
    const cookie = await signIn(server.url);
    const once = async (index) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/generate/character`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          prompt: `portrait on a sailing boat, take ${index}`,
          subject: '/api/avatars/shapes?seed=Bench&size=128',
          number_of_outputs: 4,
        }),
      });
      const body = await res.json();
      if (!res.ok || body.urls?.length !== 4) throw new Error(`generation failed: ${JSON.stringify(body)}`);
      return performance.now() - started;
    };
    await once(-1);
    const times = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await once(i));
    return [
      `demo character generation, 4 outputs stored: median ${median(times).toFixed(0)} ms, ` +
        `min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${RUNS} runs after a warm-up)`,
    ];
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await run()) console.log(line);
}
