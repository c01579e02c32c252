import { describe, expect, it } from 'vitest';
import { readSummaryRequest, summaryRequest } from '../prompt/summary-prompt';
import { demoSummary } from './demo-summary';

describe("the demo provider's summary", () => {
  it('keeps the sentences that state facts, named by who said them', () => {
    const summary = demoSummary('', [
      'Sam: Hello! My dog is called Biscuit. What a day.',
      'Mira: The tide is high tonight.',
      "Sam: I'm a baker in the village.",
    ]);
    expect(summary).toBe("Sam: My dog is called Biscuit.\nSam: I'm a baker in the village.");
  });

  it('adds to the summary so far, and keeps the latest line when nothing states a fact', () => {
    const first = demoSummary('Sam: My dog is called Biscuit.', ['Mira: The gulls are loud. They circle.']);
    expect(first).toBe('Sam: My dog is called Biscuit.\nMira: The gulls are loud.');
  });

  it('drops the oldest small talk first past twelve sentences', () => {
    const previous = [
      'Sam: My dog is called Biscuit.',
      ...Array.from({ length: 11 }, (_, i) => `Mira: Wave ${i}.`),
    ];
    const summary = demoSummary(previous.join('\n'), ['Sam: I have a boat called Gull.']).split('\n');
    expect(summary).toHaveLength(12);
    expect(summary[0]).toBe('Sam: My dog is called Biscuit.');
    expect(summary).not.toContain('Mira: Wave 0.');
    expect(summary.at(-1)).toBe('Sam: I have a boat called Gull.');
  });

  it('reads back the request the summary job writes', () => {
    const request = summaryRequest({
      char: 'Mira',
      user: 'Sam',
      previous: 'Sam: My dog is called Biscuit.',
      lines: [
        { name: 'Sam', text: 'I live by the sea.' },
        { name: 'Mira', text: 'How lovely.' },
      ],
    });
    expect(readSummaryRequest(request)).toEqual({
      previous: 'Sam: My dog is called Biscuit.',
      transcript: ['Sam: I live by the sea.', 'Mira: How lovely.'],
    });
    expect(
      readSummaryRequest({ messages: [{ role: 'system', content: 'Be Mira.' }], maxTokens: 10 }),
    ).toBeNull();
  });
});
