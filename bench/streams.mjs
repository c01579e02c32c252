// A reader of the generation event stream for benchmarks, and percentiles.

/** Opens GET /api/generations/events; `next(match)` resolves with the first matching job event. */
export async function openEventStream(url, cookie) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/generations/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`event stream answered ${res.status}`);
  const waiters = new Set();
  const backlog = [];
  const deliver = (job) => {
    for (const waiter of waiters) {
      if (waiter.match(job)) {
        waiters.delete(waiter);
        waiter.resolve(job);
        return;
      }
    }
    backlog.push(job);
    if (backlog.length > 5000) backlog.shift();
  };
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (data) deliver(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    next(match) {
      const index = backlog.findIndex(match);
      if (index >= 0) return Promise.resolve(backlog.splice(index, 1)[0]);
      return new Promise((resolve) => waiters.add({ match, resolve }));
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
