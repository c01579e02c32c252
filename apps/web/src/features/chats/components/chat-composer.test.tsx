import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LABELS, chatDraftStorageKey } from '@baegen/shared';
import { ChatComposer } from './chat-composer';

function renderComposer({ streaming = false, accepted = true, chatId = 'chat1' } = {}) {
  const onSend = vi.fn(async (_content: string) => accepted);
  const onStop = vi.fn();
  const onSelfie = vi.fn();
  const view = render(
    <ChatComposer
      chatId={chatId}
      characterName="Luna"
      streaming={streaming}
      onSend={onSend}
      onStop={onStop}
      onSelfie={onSelfie}
    />,
  );
  const box = screen.getByRole('textbox', { name: CHAT_LABELS.composerLabel }) as HTMLTextAreaElement;
  return { onSend, onStop, onSelfie, box, view };
}

const type = (box: HTMLTextAreaElement, value: string) => fireEvent.change(box, { target: { value } });
const press = (box: HTMLTextAreaElement, shiftKey = false) =>
  act(async () => {
    fireEvent.keyDown(box, { key: 'Enter', shiftKey });
  });

describe('ChatComposer', () => {
  afterEach(() => localStorage.clear());

  it('sends on Enter and clears the box once the server has the message', async () => {
    const { onSend, box } = renderComposer();
    type(box, 'Hello');
    await press(box);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(box.value).toBe('');
    expect(localStorage.getItem(chatDraftStorageKey('chat1'))).toBeNull();
  });

  it('starts a new line on Shift+Enter without sending', async () => {
    const { onSend, box } = renderComposer();
    type(box, 'one');
    await press(box, true);
    type(box, 'one\ntwo');
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('one\ntwo');
    await press(box);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('one\ntwo');
  });

  it('keeps the draft when the send fails', async () => {
    const { onSend, box } = renderComposer({ accepted: false });
    type(box, 'Hello');
    await press(box);
    expect(onSend).toHaveBeenCalledOnce();
    expect(box.value).toBe('Hello');
  });

  it('keeps the draft of each chat across a reload', () => {
    const first = renderComposer();
    type(first.box, 'Unsent words');
    first.view.unmount();
    expect(renderComposer().box.value).toBe('Unsent words');
    expect(localStorage.getItem(chatDraftStorageKey('chat1'))).toBe('Unsent words');
  });

  it('shows another chat its own draft', () => {
    const first = renderComposer();
    type(first.box, 'For chat one');
    first.view.unmount();
    expect(renderComposer({ chatId: 'chat2' }).box.value).toBe('');
  });

  it('sends nothing while a reply streams and offers Stop instead', async () => {
    const { onSend, onStop, box } = renderComposer({ streaming: true });
    type(box, 'Wait');
    await press(box);
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: CHAT_LABELS.send })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.stop }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it('asks for a selfie, even while a reply streams', () => {
    const { onSelfie } = renderComposer({ streaming: true });
    fireEvent.click(screen.getByRole('button', { name: CHAT_LABELS.sendSelfie }));
    expect(onSelfie).toHaveBeenCalledOnce();
  });
});
