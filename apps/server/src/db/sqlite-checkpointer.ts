import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies what the write-ahead log holds into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/**
 * Runs in the thread, as a script: its own connection to the file checkpoints in PASSIVE mode,
 * which never waits for the app's connection nor makes it wait.
 */
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or the file is going away: the next round tries again.
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

interface Checkpointer {
  /** Stops the thread once its connection is closed. */
  stop(): Promise<void>;
}

/**
 * Checkpoints the SQLite file at `file` in a thread of its own, for a connection that turned its
 * automatic checkpoints off. A checkpoint writes pages to the database file and waits for the disk
 * twice (fsync); run by the connection of the app, it did so inside a commit, holding the event
 * loop and every request waiting on it for up to tens of milliseconds.
 */
export function startCheckpointer(file: string, onFailure: (error: unknown) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SCRIPT, {
    eval: true,
    workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS },
  });
  let stopping = false;
  // A thread that ends before it was asked to hands checkpoints back to the app's connection,
  // so the log never grows without bound.
  worker.on('error', (error) => {
    if (!stopping) onFailure(error);
  });
  worker.once('exit', (code) => {
    if (!stopping && code === 0) onFailure(new Error('the checkpoint thread ended'));
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
