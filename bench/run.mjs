// Runs every bench/*.bench.mjs module in turn and prints its figures. Benchmarks inform; they never
// fail the build, so this exits 0 even when a module throws (its error is printed instead).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const benchDir = import.meta.dirname;
const modules = fs
  .readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .sort();

for (const file of modules) {
  const started = performance.now();
  let title = file;
  try {
    const bench = await import(pathToFileURL(path.join(benchDir, file)).href);
    title = bench.name ?? file;
    console.log(`\n== ${title}`);
    const lines = await bench.run();
    for (const line of [lines].flat()) console.log(`   ${line}`);
  } catch (error) {
    console.log(`\n== ${title}`);
    console.log(`   error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  console.log(`   (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
process.exitCode = 0;
