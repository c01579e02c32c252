import { describe, expect, it } from 'vitest';
import { progressFromLogs } from './video-progress';

describe('progressFromLogs', () => {
  it('takes the last percentage of the last progress bar and its remaining time', () => {
    const logs = [
      'Loading pipeline...',
      '  5%|▌         | 1/20 [00:02<00:38,  2.00s/it]',
      ' 45%|████▌     | 9/20 [00:10<00:12,  1.10s/it]\r 50%|█████     | 10/20 [00:11<00:11,  1.10s/it]',
      'still sampling',
    ].join('\n');
    expect(progressFromLogs(logs)).toEqual({ percent: 50, etaSeconds: 11 });
  });

  it('reads hours in the remaining time and leaves an unknown one null', () => {
    expect(progressFromLogs('12%|█ | 3/25 [00:30<1:02:05, 9s/it]')).toEqual({
      percent: 12,
      etaSeconds: 3725,
    });
    expect(progressFromLogs('Progress: 37.5% [00:01<?, ?it/s]')).toEqual({ percent: 37, etaSeconds: null });
  });

  it('answers nulls when nothing in the logs is a percentage up to 100', () => {
    expect(progressFromLogs('')).toEqual({ percent: null, etaSeconds: null });
    expect(progressFromLogs('boosted by 250% with no bar')).toEqual({ percent: null, etaSeconds: null });
  });
});
