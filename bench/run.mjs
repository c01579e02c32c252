// Runs every bench/*.bench.mjs module in turn and prints its figures. Benchmarks inform; they never
// fail the build, so this exits 0 even when a module throws (its error is printed instead).
//
// Each module runs in a process of its own (`node bench/run.mjs <module>`): a module that loaded
// Playwright and a browser before left the next one's client measurably slower (the upload's
// loopback floor doubled), so no module inherits another's state.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = import.meta.dirname;
const self = fileURLToPath(import.meta.url);

async function runOne(file) {
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

const only = process.argv[2];
if (only) {
  await runOne(only);
} else {
  const modules = fs
    .readdirSync(benchDir)
    .filter((file) => file.endsWith('.bench.mjs'))
    .sort();
  for (const file of modules) {
    const child = spawnSync(process.execPath, [self, file], { stdio: 'inherit' });
    if (child.status !== 0) console.log(`   error: ${file} exited with ${child.status ?? child.signal}`);
  }
}
process.exitCode = 0;
