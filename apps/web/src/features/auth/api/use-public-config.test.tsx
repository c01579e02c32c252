import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfigSchema } from '@baegen/shared';
import { errorResponse, fakeGenerationCapabilities, jsonResponse, stubFetch } from '../../../test/fake-api';
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
});

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
});
