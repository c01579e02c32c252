import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MESSAGES, PROGRESS_TEXT } from '@baegen/shared';
import { fakeGeneration } from '../../../test/fake-api';
import { JobOutcome } from './job-outcome';
import { RunningJob } from './running-job';

const noop = () => undefined;

describe('a video job on the media form', () => {
  it("keeps SPEC's sentence and words the provider's estimate as this video's pace, not a second clock", () => {
    const job = fakeGeneration({
      kind: 'video',
      progress: { phase: 'generating', percent: 60, queuePosition: null, etaSeconds: 8 },
    });
    render(<RunningJob job={job} cancelling={false} onCancel={noop} focusOnShow={false} />);
    expect(screen.getByText(`${MESSAGES.media.videoQueued} ${PROGRESS_TEXT.videoPace(8)}`)).toBeTruthy();
    expect(screen.queryByText(PROGRESS_TEXT.eta(8))).toBeNull();
    expect(screen.getByText('60%')).toBeTruthy();
  });

  it('plays the finished clip where it was asked for', () => {
    const job = fakeGeneration({
      kind: 'video',
      status: 'succeeded',
      outputs: ['/api/files/clip/view'],
      progress: { phase: 'done', percent: 100, queuePosition: null, etaSeconds: 0 },
    });
    render(
      <MemoryRouter>
        <JobOutcome job={job} focusOnShow={false} />
      </MemoryRouter>,
    );
    const video = screen.getByLabelText(MESSAGES.generations.videoReady) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/api/files/clip/view');
  });
});
