// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { pureSchemas } from './pure-schemas.plugin';

/** Bundles `entry` with the plugin applied to `contract/`, and answers the output. */
async function bundle(files: Record<string, string>): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-pure-'));
  fs.mkdirSync(path.join(dir, 'contract'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  // Vite hands the plugin to the bundler as it is; `apply` and `enforce` are Vite's alone.
  const { apply: _apply, enforce: _enforce, ...plugin } = pureSchemas(path.join(dir, 'contract'));
  const build = await rolldown({ input: path.join(dir, 'main.js'), plugins: [plugin as never] });
  const { output } = await build.generate({ format: 'esm' });
  return output[0].code;
}

// A stand-in for zod: every call counts, so a kept schema shows in the output.
const BUILDER = `export const z = { object: (shape) => { globalThis.built = (globalThis.built ?? 0) + 1; return { shape, min() { return this; } }; }, string: () => ({ min() { return this; } }) };`;

describe('pureSchemas', () => {
  it('leaves out the contract constants nothing reads, and keeps the ones read', async () => {
    const code = await bundle({
      'z.js': BUILDER,
      'contract/schemas.js': [
        "import { z } from '../z.js';",
        'const part = () => z.string().min(1);',
        'export const readSchema = z.object({ name: part() });',
        'export const unreadSchema = z.object({ other: part().min(2) }).min(1);',
        'export const LIMIT = 3;',
      ].join('\n'),
      'main.js': "import { readSchema } from './contract/schemas.js';\nconsole.log(readSchema);",
    });
    expect(code).toContain('name:');
    expect(code).not.toContain('other:');
  });

  it('leaves code outside the contract as it is', async () => {
    const code = await bundle({
      'z.js': BUILDER,
      'schemas.js':
        "import { z } from './z.js';\nexport const unread = z.object({ other: 1 });\nexport const read = 1;",
      'main.js': "import { read } from './schemas.js';\nconsole.log(read);",
    });
    expect(code).toContain('other:');
  });
});
