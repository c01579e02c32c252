import { afterEach, describe, expect, it, vi } from 'vitest';
import { withFakeTimers } from '../test/fake-timers';
import { openEventStream } from './event-stream';

/** Enough of EventSource for the stream: listeners, close, and a way to fire events at it. */
class FakeEventSource extends EventTarget {
  static created: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.created.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: string) {
    this.dispatchEvent(data === undefined ? new Event(type) : new MessageEvent(type, { data }));
  }
}

function open(delays = [1000, 5000, 10000, 60000]) {
  const onMessage = vi.fn();
  const onReconnect = vi.fn();
  const close = openEventStream({
    url: '/events',
    event: 'job',
    delays,
    onMessage,
    onReconnect,
    createSource: (url) => new FakeEventSource(url) as unknown as EventSource,
  });
  return { onMessage, onReconnect, close, sources: FakeEventSource.created };
}

const latest = () => FakeEventSource.created.at(-1)!;

describe('openEventStream', () => {
  withFakeTimers();
  afterEach(() => {
    FakeEventSource.created = [];
  });

  it('hands over the data of the named event only', () => {
    const { onMessage } = open();
    latest().emit('open');
    latest().emit('job', '{"a":1}');
    latest().emit('message', 'other');
    expect(onMessage).toHaveBeenCalledExactlyOnceWith('{"a":1}', 'job');
  });

  it('listens to several named events and says which one came', () => {
    const onMessage = vi.fn();
    openEventStream({
      url: '/events',
      event: ['snapshot', 'delta'],
      delays: [1000],
      onMessage,
      onReconnect: vi.fn(),
      createSource: (url) => new FakeEventSource(url) as unknown as EventSource,
    });
    latest().emit('delta', 'd');
    latest().emit('snapshot', 's');
    latest().emit('job', 'j');
    expect(onMessage.mock.calls).toEqual([
      ['d', 'delta'],
      ['s', 'snapshot'],
    ]);
  });

  it('reopens after 1 s, 5 s, 10 s, then every 60 s while the errors go on', () => {
    const { sources } = open();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failed = latest();
      failed.emit('error');
      expect(failed.closed).toBe(true);
      const count = sources.length;
      let waited = 0;
      while (sources.length === count) {
        vi.advanceTimersByTime(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 5000, 10000, 60000, 60000]);
  });

  it('asks for a refresh when it is open again after an error, and starts over at 1 s', () => {
    const { onReconnect, sources } = open();
    latest().emit('open');
    expect(onReconnect).not.toHaveBeenCalled();
    latest().emit('error');
    vi.advanceTimersByTime(1000);
    latest().emit('error');
    vi.advanceTimersByTime(5000);
    latest().emit('open');
    expect(onReconnect).toHaveBeenCalledOnce();
    latest().emit('error');
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(4);
  });

  it('stays closed once closed, even with a reconnect pending', () => {
    const { close, sources } = open();
    latest().emit('error');
    close();
    vi.advanceTimersByTime(120_000);
    expect(sources).toHaveLength(1);
  });

  it('closes the open stream', () => {
    const { close } = open();
    latest().emit('open');
    close();
    expect(latest().closed).toBe(true);
  });
});
