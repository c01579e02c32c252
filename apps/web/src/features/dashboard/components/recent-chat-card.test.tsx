import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeCharacter, fakeChat } from '../../../test/fake-api';
import { RecentChatCard } from './recent-chat-card';

describe('RecentChatCard', () => {
  it('opens the chat, with her picture, its title, her name and its size', () => {
    render(
      <MemoryRouter>
        <RecentChatCard chat={fakeChat({ $id: 'chat9', messageCount: 1 })} character={fakeCharacter()} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('recent-chat');
    expect(card.getAttribute('href')).toBe('/chats/chat9');
    expect(screen.getByRole('heading', { name: 'Chat with Luna Vale' })).toBeTruthy();
    expect(screen.getByText('Luna Vale · 1 message')).toBeTruthy();
    expect(card.querySelector('img')!.getAttribute('src')).toBe('https://images.example.com/luna.png');
  });
});
