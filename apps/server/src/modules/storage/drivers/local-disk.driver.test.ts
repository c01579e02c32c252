import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalDiskDriver } from './local-disk.driver';
import { storageDriverContract } from './storage-driver.contract';

describe('LocalDiskDriver', () => {
  storageDriverContract(async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-driver-'));
    const driver = new LocalDiskDriver(root);
    return {
      driver,
      cleanup: async () => {
        await driver.close();
        fs.rmSync(root, { recursive: true, force: true });
      },
    };
  });

  it('clears writes a crash left in its temporary folder when it starts', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-driver-'));
    fs.mkdirSync(path.join(root, 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(root, 'tmp', 'abc.123'), 'half a file');
    new LocalDiskDriver(root);
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
