interface LogProgress {
  percent: number | null;
  etaSeconds: number | null;
}

const PERCENT = /(\d{1,3}(?:\.\d+)?)\s?%/g;
/** tqdm prints `[elapsed<remaining, rate]`; the remaining part is `MM:SS` or `H:MM:SS` (`?` when unknown). */
const REMAINING = /<(?:(\d+):)?(\d{1,2}):(\d{2})\b/;

/**
 * Reads how far a job is from the progress bars its model prints (tqdm lines such as
 * `45%|████      | 9/20 [00:10<00:12, 1.10s/it]`): the last percentage printed wins, since a bar
 * redraws itself on each step, and its remaining time is the ETA when the bar shows one.
 */
export function progressFromLogs(logs: string): LogProgress {
  const lines = logs.split(/[\r\n]+/);
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index]!;
    const percents = [...line.matchAll(PERCENT)].map((match) => Number(match[1])).filter((n) => n <= 100);
    if (percents.length === 0) continue;
    const remaining = REMAINING.exec(line);
    const etaSeconds = remaining
      ? Number(remaining[1] ?? 0) * 3600 + Number(remaining[2]) * 60 + Number(remaining[3])
      : null;
    return { percent: Math.floor(percents.at(-1)!), etaSeconds };
  }
  return { percent: null, etaSeconds: null };
}
