import { describe, expect, it } from 'vitest';
import { LIMITS } from '@baegen/shared/contract';
import { asksForPicture, sceneOf, selfiePrompt } from './selfie-prompt';

describe('the prompt of a selfie', () => {
  it('knows a message asking for a picture', () => {
    for (const text of ['send a selfie', 'Photo please', 'any pictures?', 'pic!'])
      expect(asksForPicture(text)).toBe(true);
    for (const text of ['epic day', 'picnic', 'how are you']) expect(asksForPicture(text)).toBe(false);
  });

  it("draws the scene from the first sentence of the user's last message, without roleplay marks", () => {
    const scene = sceneOf([
      { role: 'user', content: 'Old news.' },
      { role: 'assistant', content: 'Hi!' },
      { role: 'user', content: '*smiles* "At the market" today? Then home.' },
      { role: 'assistant', content: 'Lovely.' },
    ]);
    expect(scene).toBe('smiles At the market today?');
    expect(sceneOf([{ role: 'assistant', content: 'Hello' }])).toBe('');
  });

  it('names her looks, her card’s picture prompt and the scene, within the prompt limit', () => {
    const card = { appearance: '', description: 'Tall, silver hair', sd_prompt: 'masterpiece, soft light' };
    expect(selfiePrompt(card, 'at the harbour')).toBe(
      'selfie, Tall, silver hair, masterpiece, soft light, at the harbour',
    );
    expect(selfiePrompt({ ...card, appearance: 'red coat', sd_prompt: '' }, '')).toBe('selfie, red coat');
    expect(selfiePrompt(card, 'x'.repeat(5000))).toHaveLength(LIMITS.prompt);
  });
});
