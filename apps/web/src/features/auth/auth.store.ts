import { create } from 'zustand';
import { AUTH_STORAGE_KEY, userIdFromAddress } from '@baegen/shared';
import { persistToStorage, readPersisted } from '../../lib/persist';

/** The sign-in calls load on first use: the landing page's first load never pays for them. */
const loadAuthApi = () => import('./api/auth.api');

/**
 * Starts loading the sign-in calls and the schemas their answers are checked against (with zod)
 * once the visitor is on the way to signing in, so the press of the button does not wait for them.
 */
export function preloadSignIn() {
  void loadAuthApi();
  void import('../../api/contract-schemas').catch(() => undefined);
}

export interface AuthState {
  isAuthenticated: boolean;
  userId: string | null;
  walletAddress: string | null;
}

/** What the login needs from the connected wallet. */
export interface MessageSigner {
  address: string;
  /** Signs the UTF-8 text and returns the ed25519 signature in base58. */
  signMessage: (message: string) => Promise<string>;
}

export interface AuthActions {
  /** Nonce, wallet signature, server login; then the store is signed in. Logs and rethrows failures. */
  login: (signer: MessageSigner) => Promise<void>;
  /** Ends the server session and resets the store. Logs and rethrows failures. */
  logout: () => Promise<void>;
  /** Marks the wallet as signed in (the server session already exists). */
  setAuthenticated: (session: { userId: string; walletAddress: string }) => void;
  /** Back to the initial, signed-out values. */
  reset: () => void;
}

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  userId: null,
  walletAddress: null,
};

function pickAuthState({ isAuthenticated, userId, walletAddress }: AuthState): AuthState {
  return {
    isAuthenticated: isAuthenticated === true,
    userId: userId ?? null,
    walletAddress: walletAddress ?? null,
  };
}

/** Auth state of docs/product.md §3.1, persisted under `auth-storage`. */
export const useAuthStore = create<AuthState & AuthActions>()((set) => ({
  ...initialAuthState,
  ...pickAuthState({ ...initialAuthState, ...readPersisted<AuthState>(AUTH_STORAGE_KEY) }),
  login: async ({ address, signMessage }) => {
    try {
      const { requestNonce, postLogin } = await loadAuthApi();
      const { message } = await requestNonce(address);
      const signature = await signMessage(message);
      const session = await postLogin({ address, message, signature });
      set({
        isAuthenticated: true,
        userId: userIdFromAddress(session.walletAddress),
        walletAddress: session.walletAddress,
      });
    } catch (error) {
      console.error('Login failed:', error);
      throw error;
    }
  },
  logout: async () => {
    try {
      await (await loadAuthApi()).postLogout();
    } catch (error) {
      console.error('Logout failed:', error);
      throw error;
    } finally {
      set(initialAuthState);
    }
  },
  setAuthenticated: ({ userId, walletAddress }) => set({ isAuthenticated: true, userId, walletAddress }),
  reset: () => set(initialAuthState),
}));

persistToStorage(useAuthStore, AUTH_STORAGE_KEY, pickAuthState);
