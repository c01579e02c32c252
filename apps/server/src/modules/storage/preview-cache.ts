import type { StorageDriver } from './storage-driver.port';

/** Trimming goes below the bound, so the next few previews do not each list the whole cache again. */
const TRIM_TO = 0.9;

/**
 * Previews kept by the driver as derived objects, within `maxBytes` in all: past it, the oldest go.
 * The bytes held are counted in this process and taken again from the driver's listing at the
 * first write and at each trim, which also counts what other processes wrote meanwhile. Caching
 * is best effort: a preview that cannot be read or kept is simply made again next time.
 */
export class PreviewCache {
  /** Bytes the cache holds as far as this process knows; null until first listed. */
  private held: number | null = null;
  private trimming: Promise<void> | null = null;

  constructor(
    private readonly driver: StorageDriver,
    private readonly maxBytes: number,
  ) {}

  get(key: string, name: string): Promise<Buffer | null> {
    return this.driver.getDerived(key, name).catch(() => null);
  }

  async put(key: string, name: string, data: Buffer): Promise<void> {
    try {
      await this.driver.putDerived(key, name, data);
      if (this.held !== null) this.held += data.length;
      if (this.held === null || this.held > this.maxBytes) await this.trim();
    } catch {
      // A full or read-only disk must not cost the user a preview that is already made.
    }
  }

  /** Settles after the cache is within its bound (one trim at a time). */
  private trim(): Promise<void> {
    this.trimming ??= this.evictOldest().finally(() => {
      this.trimming = null;
    });
    return this.trimming;
  }

  private async evictOldest() {
    const objects = await this.driver.listDerived();
    let held = objects.reduce((sum, object) => sum + object.size, 0);
    if (held > this.maxBytes) {
      objects.sort((a, b) => a.storedAt.getTime() - b.storedAt.getTime());
      for (const object of objects) {
        if (held <= this.maxBytes * TRIM_TO) break;
        await this.driver.deleteDerived(object.key, object.name);
        held -= object.size;
      }
    }
    this.held = held;
  }
}
