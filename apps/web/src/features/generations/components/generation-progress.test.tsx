import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeGeneration } from '../../../test/fake-api';
import { withFakeTimers } from '../../../test/fake-timers';
import { GenerationProgress, formatEta } from './generation-progress';

describe('GenerationProgress', () => {
  withFakeTimers();

  it('shows the percentage as a bar when the provider reports one', () => {
    const job = fakeGeneration({
      progress: { phase: 'generating', percent: 42.4, queuePosition: null, etaSeconds: 30 },
    });
    render(<GenerationProgress job={job} />);
    expect(screen.getByText('Generating')).toBeTruthy();
    expect(screen.getByText('42%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42.4');
    expect(screen.getByText('About 30 s left')).toBeTruthy();
  });

  it('counts the time since the start when there is no percentage', () => {
    vi.setSystemTime(new Date('2026-03-08T12:01:06.000Z'));
    const job = fakeGeneration({ startedAt: '2026-03-08T12:00:01.000Z' });
    render(<GenerationProgress job={job} />);
    expect(screen.getByText('Elapsed 1:05')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Elapsed 1:07')).toBeTruthy();
  });

  it('tells the place in the queue before the job starts', () => {
    const job = fakeGeneration({
      status: 'queued',
      startedAt: null,
      progress: { phase: 'queued', percent: null, queuePosition: 3, etaSeconds: 240 },
    });
    render(<GenerationProgress job={job} />);
    expect(screen.getByText('Queued')).toBeTruthy();
    expect(screen.getByText('Position 3 in queue · About 4 min left')).toBeTruthy();
  });

  it('words the time left in seconds below a minute and a half, else in minutes', () => {
    expect(formatEta(0.2)).toBe('About 1 s left');
    expect(formatEta(89)).toBe('About 89 s left');
    expect(formatEta(150)).toBe('About 3 min left');
  });
});
