import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, nonceResponseSchema, sessionSchema } from '@baegen/shared';
import { jsonResponse, noContentResponse, stubFetch } from '../../test/fake-api';
import { initialAuthState, useAuthStore } from './auth.store';

const address = 'GPWrXWXc6cTUiT3jnoKkgWWh1bVdv1YCLqaG3MDs7yRn';

const nonce = () =>
  jsonResponse(200, nonceResponseSchema.parse({ nonce: 'n', message: 'sign me', expiresAt: 'later' }));

describe('auth store', () => {
  let fetchMock: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    fetchMock = stubFetch();
    useAuthStore.setState(initialAuthState);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('logs in with nonce, signature and login call, then persists the session', async () => {
    fetchMock
      .mockResolvedValueOnce(nonce())
      .mockResolvedValueOnce(
        jsonResponse(200, sessionSchema.parse({ userId: address, walletAddress: address })),
      );
    const signMessage = vi.fn().mockResolvedValue('SiGnAtUrE');

    await useAuthStore.getState().login({ address, signMessage });

    expect(signMessage).toHaveBeenCalledWith('sign me');
    const [nonceUrl, nonceInit] = fetchMock.mock.calls[0]!;
    expect(nonceUrl).toBe('/api/auth/nonce');
    expect(JSON.parse(nonceInit!.body as string)).toEqual({ address });
    const [loginUrl, loginInit] = fetchMock.mock.calls[1]!;
    expect(loginUrl).toBe('/api/auth/login');
    expect(JSON.parse(loginInit!.body as string)).toEqual({
      address,
      message: 'sign me',
      signature: 'SiGnAtUrE',
    });
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      userId: address,
      walletAddress: address,
    });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!).state).toEqual({
      isAuthenticated: true,
      userId: address,
      walletAddress: address,
    });
  });

  it('logs and rethrows a rejected signature, staying signed out', async () => {
    fetchMock.mockResolvedValueOnce(nonce());
    const rejection = new Error('User rejected the request.');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(
      useAuthStore.getState().login({ address, signMessage: vi.fn().mockRejectedValue(rejection) }),
    ).rejects.toBe(rejection);

    expect(logged).toHaveBeenCalledWith('Login failed:', rejection);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('logs out on the server and resets', async () => {
    useAuthStore.setState({ isAuthenticated: true, userId: address, walletAddress: address });
    fetchMock.mockResolvedValueOnce(noContentResponse());
    await useAuthStore.getState().logout();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/logout');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('POST');
    expect(useAuthStore.getState()).toMatchObject(initialAuthState);
  });

  it('logs and rethrows a failed logout but still resets', async () => {
    useAuthStore.setState({ isAuthenticated: true, userId: address, walletAddress: address });
    const failure = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValueOnce(failure);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(useAuthStore.getState().logout()).rejects.toBe(failure);
    expect(logged).toHaveBeenCalledWith('Logout failed:', failure);
    expect(useAuthStore.getState()).toMatchObject(initialAuthState);
  });
});
