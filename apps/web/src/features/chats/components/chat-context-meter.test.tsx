import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHAT_LABELS } from '@baegen/shared';
import { fakeChatContext } from '../../../test/fake-api';
import { ChatContextMeter } from './chat-context-meter';

describe('ChatContextMeter', () => {
  it('shows the tokens the next prompt takes out of the budget, on a meter', () => {
    render(<ChatContextMeter context={fakeChatContext()} />);
    expect(screen.getByText('1,234 / 7,792 tokens')).toBeTruthy();
    const meter = screen.getByRole('meter', { name: CHAT_LABELS.contextLabel });
    expect([meter.getAttribute('value'), meter.getAttribute('max')]).toEqual(['1234', '7792']);
    expect(screen.queryByText(/left out/)).toBeNull();
  });

  it('says how many older messages are left out', () => {
    render(<ChatContextMeter context={fakeChatContext({ usedTokens: 7790, droppedMessages: 12 })} />);
    expect(screen.getByText('12 older messages are left out of the context.')).toBeTruthy();
  });

  it('lists what went into the last reply: tokens by part, lorebook entries and recalled messages', () => {
    const { usedTokens, budgetTokens, contextTokens, historyMessages, droppedMessages } = fakeChatContext();
    const lastReply = {
      usedTokens,
      budgetTokens,
      contextTokens,
      historyMessages,
      droppedMessages,
      parts: { card: 500, lorebook: 40, memory: 12, summary: 80, recalled: 30, history: 572 },
      lorebookEntries: ['The lighthouse'],
      recalled: [{ seq: 5, role: 'user' as const, excerpt: 'My dog is called Biscuit.' }],
    };
    render(<ChatContextMeter context={fakeChatContext({ lastReply })} />);
    const details = screen.getByTestId('chat-context-details');
    expect(within(details).getByText(CHAT_LABELS.lastReplyContext)).toBeTruthy();
    const row = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(row(CHAT_LABELS.contextParts.card)).toBe('500 tokens');
    expect(row(CHAT_LABELS.contextParts.summary)).toBe('80 tokens');
    expect(row(CHAT_LABELS.contextParts.history)).toBe('572 tokens');
    expect(within(details).getByText('The lighthouse')).toBeTruthy();
    expect(within(details).getByText('Message 5: My dog is called Biscuit.')).toBeTruthy();
  });

  it('has no last-reply details before the first reply', () => {
    render(<ChatContextMeter context={fakeChatContext()} />);
    expect(screen.queryByTestId('chat-context-details')).toBeNull();
  });

  it('shows nothing before the usage is known', () => {
    const { container } = render(<ChatContextMeter context={undefined} />);
    expect(container.textContent).toBe('');
  });
});
