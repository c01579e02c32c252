import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_LABELS, type ChatAttachment } from '@baegen/shared';
import { createQueryClient } from '../../../lib/query-client';
import { fakeGeneration, jsonResponse, stubFetchEachTest } from '../../../test/fake-api';
import { ChatImageAttachment } from './chat-image-attachment';

const fetchMock = stubFetchEachTest();

function renderAttachment(attachment: ChatAttachment, failed = false) {
  const onRetry = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChatImageAttachment attachment={attachment} characterName="Luna" failed={failed} onRetry={onRetry} />
    </QueryClientProvider>,
  );
  return onRetry;
}

describe('ChatImageAttachment', () => {
  it("shows the job's progress while the picture is made", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        200,
        fakeGeneration({
          $id: 'job1',
          status: 'running',
          progress: { phase: 'generating', percent: 40, queuePosition: null, etaSeconds: null },
        }),
      ),
    );
    renderAttachment({ type: 'image', jobId: 'job1', mediaId: null, url: null });
    expect(screen.getByText(CHAT_LABELS.selfieWaiting)).toBeTruthy();
    expect(await screen.findByTestId('generation-progress')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/generations/job1', expect.anything());
  });

  it('shows the picture, a click opening it full size', () => {
    renderAttachment({ type: 'image', jobId: 'job1', mediaId: 'job1', url: '/api/files/f1/view' });
    const link = screen.getByRole('link', { name: CHAT_LABELS.selfieOpen });
    expect(link.getAttribute('href')).toBe('/api/files/f1/view');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('img', { name: CHAT_LABELS.selfieAlt('Luna') }).getAttribute('src')).toBe(
      '/api/files/f1/view',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers Retry when the picture failed', () => {
    const onRetry = renderAttachment({ type: 'image', jobId: 'job1', mediaId: null, url: null }, true);
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.retrySelfie }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('generation-progress')).toBeNull();
  });
});
