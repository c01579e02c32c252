import { render, screen } from '@testing-library/react';
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

  it('shows nothing before the usage is known', () => {
    const { container } = render(<ChatContextMeter context={undefined} />);
    expect(container.textContent).toBe('');
  });
});
