import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeMedia } from '../../../test/fake-api';
import { MediaViewerStage, SWIPE_MIN_PX, swipeDirection } from './media-viewer-stage';

describe('swipeDirection', () => {
  it('turns a long horizontal move into next (leftwards) or previous (rightwards)', () => {
    expect(swipeDirection(-SWIPE_MIN_PX, 10)).toBe('next');
    expect(swipeDirection(120, -30)).toBe('previous');
  });

  it('leaves taps, short moves and vertical moves alone', () => {
    expect(swipeDirection(0, 0)).toBeNull();
    expect(swipeDirection(SWIPE_MIN_PX - 1, 0)).toBeNull();
    expect(swipeDirection(-80, 120)).toBeNull();
  });
});

/** jsdom has no PointerEvent; a MouseEvent with the pointer's fields is all the stage reads. */
class FakePointerEvent extends MouseEvent {
  readonly pointerType: string;
  readonly pointerId: number;
  readonly isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? '';
    this.pointerId = init.pointerId ?? 0;
    this.isPrimary = init.isPrimary ?? false;
  }
}

describe('MediaViewerStage', () => {
  beforeAll(() => {
    vi.stubGlobal('PointerEvent', FakePointerEvent);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  const swipe = (pointerType: string, fromX: number, toX: number) => {
    const stage = screen.getByTestId('viewer-stage');
    fireEvent.pointerDown(stage, { pointerType, pointerId: 1, isPrimary: true, clientX: fromX, clientY: 50 });
    fireEvent.pointerUp(stage, { pointerType, pointerId: 1, isPrimary: true, clientX: toX, clientY: 55 });
  };

  it('swipes on touch, not with the mouse', () => {
    const onSwipe = vi.fn();
    render(<MediaViewerStage media={fakeMedia()} title="Sunset" onSwipe={onSwipe} />);
    swipe('mouse', 300, 50);
    expect(onSwipe).not.toHaveBeenCalled();
    swipe('touch', 300, 50);
    expect(onSwipe).toHaveBeenCalledWith('next');
  });

  it("leaves a drag along a video's controls to the video", () => {
    const onSwipe = vi.fn();
    const video = fakeMedia({ type: 'video', url: '/samples/sample-video.mp4', thumbnail: '' });
    render(<MediaViewerStage media={video} title="Clip" onSwipe={onSwipe} />);
    const element = screen.getByLabelText('Clip');
    vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 375, 600));
    const drag = (y: number) => {
      const at = { pointerType: 'touch', pointerId: 1, isPrimary: true, clientY: y };
      fireEvent.pointerDown(element, { ...at, clientX: 300 });
      fireEvent.pointerUp(element, { ...at, clientX: 50 });
    };
    drag(580);
    expect(onSwipe).not.toHaveBeenCalled();
    drag(300);
    expect(onSwipe).toHaveBeenCalledWith('next');
  });

  it('shows the whole image, and a video with its controls', () => {
    const { rerender } = render(<MediaViewerStage media={fakeMedia()} title="Sunset" onSwipe={vi.fn()} />);
    expect(screen.getByRole('img', { name: 'Sunset' }).className).toContain('object-contain');
    const video = fakeMedia({ type: 'video', url: '/samples/sample-video.mp4', thumbnail: '' });
    rerender(<MediaViewerStage media={video} title="Clip" onSwipe={vi.fn()} />);
    expect(screen.getByLabelText('Clip').hasAttribute('controls')).toBe(true);
  });
});
