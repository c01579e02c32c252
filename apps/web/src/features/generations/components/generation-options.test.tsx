import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GENERATION_OPTION_LABELS as LABELS,
  type ImageCapabilities,
  publicConfigSchema,
} from '@baegen/shared';
import { createQueryClient } from '../../../lib/query-client';
import { fakeImageCapabilities, jsonResponse, stubFetchEachTest } from '../../../test/fake-api';
import { useGenerationOptions } from '../use-generation-options';
import { GenerationOptions } from './generation-options';

const fetchMock = stubFetchEachTest();

/** `GET /api/config` as a server whose image provider offers `character` for variations answers it. */
function serveConfig(character: ImageCapabilities) {
  fetchMock.mockResolvedValue(
    jsonResponse(
      200,
      publicConfigSchema.parse({
        devWallet: false,
        subscriptionGate: false,
        subscriptionAddress: '',
        imageCapabilities: { image: fakeImageCapabilities(), character },
      }),
    ),
  );
}

let latest: ReturnType<typeof useGenerationOptions>;

function Harness() {
  latest = useGenerationOptions('character', 4);
  return (
    <GenerationOptions
      capabilities={latest.capabilities}
      value={latest.value}
      onChange={latest.setValue}
      disabled={false}
    />
  );
}

async function renderOptions(character: ImageCapabilities) {
  serveConfig(character);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  await screen.findByTestId('generation-options');
  expect(fetchMock.mock.calls[0]![0]).toBe('/api/config');
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('GenerationOptions', () => {
  it('offers everything the demo provider can do, four images by default, and asks for what was chosen', async () => {
    await renderOptions(fakeImageCapabilities());
    expect(screen.getByRole('group', { name: LABELS.outputs })).toBeTruthy();
    expect(radio('4').checked).toBe(true);
    expect(radio('Portrait').checked).toBe(true);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None',
      'Photo',
      'Anime',
      'Painting',
      'Cinematic',
    ]);
    fireEvent.click(radio('2'));
    fireEvent.click(radio('Landscape'));
    fireEvent.change(screen.getByLabelText(LABELS.style), { target: { value: 'anime' } });
    fireEvent.change(screen.getByLabelText(LABELS.negativePrompt), { target: { value: ' blurry ' } });
    expect(latest.request()).toEqual({
      outputs: 2,
      aspectRatio: 'landscape',
      style: 'anime',
      negativePrompt: 'blurry',
    });
  });

  it('hides the negative prompt of a provider without one, and never sends it', async () => {
    await renderOptions(fakeImageCapabilities({ negativePrompt: false, stylePresets: ['none', 'photo'] }));
    expect(screen.queryByLabelText(LABELS.negativePrompt)).toBeNull();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Photo']);
    expect(radio('Square')).toBeTruthy();
    expect(latest.request()).toEqual({ outputs: 4, aspectRatio: 'portrait' });
  });

  it('shows no count or shape where the provider has one of each, and keeps the count within its range', async () => {
    await renderOptions(fakeImageCapabilities({ outputs: { min: 1, max: 1 }, aspectRatios: [] }));
    expect(screen.queryByRole('group', { name: LABELS.outputs })).toBeNull();
    expect(screen.queryByRole('group', { name: LABELS.aspectRatio })).toBeNull();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(latest.request()).toEqual({ outputs: 1 });
  });
});
