import { Worker } from 'node:worker_threads';

/**
 * The worker's whole program. It is plain CommonJS evaluated from this string rather than a file
 * of its own, so the bundled server needs no second entry point and no path to find it by.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
parentPort.on('message', ({ id, file }) => {
  const hash = createHash('sha256');
  fs.createReadStream(file, { highWaterMark: 1024 * 1024 })
    .on('data', (piece) => hash.update(piece))
    .on('error', (error) => parentPort.postMessage({ id, error: error.message, code: error.code }))
    .on('end', () => parentPort.postMessage({ id, sha256: hash.digest('hex') }));
});
`;

type Reply = { id: number; sha256: string } | { id: number; error: string; code?: string };

interface Pending {
  resolve(sha256: string): void;
  reject(error: Error): void;
}

/**
 * Computes the sha256 of files on one worker thread, so hashing a 200 MB video costs the event
 * loop nothing. The worker starts with the first file, serves the next ones in turn and never
 * keeps the process alive.
 */
export class FileHasher {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if ('sha256' in reply) {
        waiting.resolve(reply.sha256);
      } else {
        waiting.reject(Object.assign(new Error(reply.error), { code: reply.code }));
      }
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The hashing worker stopped (exit code ${code})`)));
    return worker;
  }

  /** The sha256 (hex) of the file at `file`; rejects with the file system's error code. */
  hash(file: string): Promise<string> {
    this.worker ??= this.start();
    const id = this.nextId++;
    const done = new Promise<string>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ id, file });
    return done;
  }

  /** Stops the worker; files still being hashed reject. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
