import { describe, expect, it } from 'vitest';
import { within } from './within';

describe('within', () => {
  it("answers the work's value when it comes in time", async () => {
    await expect(within(Promise.resolve('found'), 1000, null)).resolves.toBe('found');
  });

  it('answers the fallback for work that fails', async () => {
    await expect(within(Promise.reject(new Error('database gone')), 1000, null)).resolves.toBeNull();
  });

  it('answers the fallback once the time is up, for work that never settles', async () => {
    const started = performance.now();
    await expect(within(new Promise<string>(() => {}), 30, 'late')).resolves.toBe('late');
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('does not turn a late failure into an unhandled rejection', async () => {
    let fail: (error: Error) => void = () => {};
    const work = new Promise<string>((_resolve, reject) => (fail = reject));
    await expect(within(work, 10, 'late')).resolves.toBe('late');
    fail(new Error('too late'));
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
