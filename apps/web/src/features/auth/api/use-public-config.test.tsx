import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig, publicConfigSchema } from '@baegen/shared';
import { errorResponse, fakeGenerationCapabilities, jsonResponse, stubFetch } from '../../../test/fake-api';
import { loadPublicConfig } from './public-config';
import { usePublicConfig } from './use-public-config';

const CONFIG = publicConfigSchema.parse({
  devWallet: true,
  subscriptionGate: false,
  subscriptionAddress: '',
  imageCapabilities: fakeGenerationCapabilities(),
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
});

/** The data block the server writes into the page it sends. */
function embed(config: PublicConfig) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PUBLIC_CONFIG_ELEMENT_ID;
  block.textContent = JSON.stringify(config);
  document.head.append(block);
}

describe('usePublicConfig', () => {
  it('answers undefined until /api/config arrives, asks again after a failure, then once per page', async () => {
    const fetchMock = stubFetch()
      .mockResolvedValueOnce(errorResponse(500, 'INTERNAL'))
      .mockResolvedValue(jsonResponse(200, CONFIG));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    const failed = renderHook(() => usePublicConfig());
    expect(failed.result.current.data).toBeUndefined();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(failed.result.current.data).toBeUndefined();

    const retried = renderHook(() => usePublicConfig());
    await waitFor(() => expect(retried.result.current.data).toEqual(CONFIG));
    const again = renderHook(() => usePublicConfig());
    await waitFor(() => expect(again.result.current.data).toEqual(CONFIG));
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/config', '/api/config']);
  });

  it('answers at once with the settings the page carries, asking the server nothing', async () => {
    const fetchMock = stubFetch();
    embed({ ...CONFIG, devWallet: false });
    const { result } = renderHook(() => usePublicConfig());
    expect(result.current.data).toEqual({ ...CONFIG, devWallet: false });
    await expect(loadPublicConfig()).resolves.toEqual({ ...CONFIG, devWallet: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
