// The Node.js lines: not measured here but checked by CI, which runs the test suite on Node 20
// (.ci/run) and npm ci and the API test suite on Node 24 LTS (.ci/node24). Prints them beside the
// target and what issue 28 started from, so the whole table reads from one `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './support.mjs';

/** @public Read by bench/run.mjs. */
export const name = 'Node.js lines (checked by CI, not measured here)';

/** @public Read by bench/run.mjs. */
export async function run() {
  const { engines } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const ci = ['run', 'node24'].filter((file) => fs.existsSync(path.join(REPO_ROOT, '.ci', file)));
  return [
    `this run: Node ${process.versions.node}; package.json engines: ${engines.node}`,
    `CI: .ci/run (Node 20, the whole suite)${ci.includes('node24') ? ', .ci/node24 (Node 24 LTS: npm ci and the API test suite)' : ''}`,
    `target: the README's two commands and the test suite pass on Node 20 and on Node 24 LTS (before: Node 20 only)`,
  ];
}
