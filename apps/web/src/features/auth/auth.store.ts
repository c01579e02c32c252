import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AUTH_STORAGE_KEY } from '@baegen/shared';

export interface AuthState {
  isAuthenticated: boolean;
  userId: string | null;
  walletAddress: string | null;
}

export interface AuthActions {
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

/** Auth state of SPEC.md §3, persisted under `auth-storage`. */
export const useAuthStore = create<AuthState & AuthActions>()(
  persist(
    (set) => ({
      ...initialAuthState,
      setAuthenticated: ({ userId, walletAddress }) => set({ isAuthenticated: true, userId, walletAddress }),
      reset: () => set(initialAuthState),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ isAuthenticated, userId, walletAddress }) => ({
        isAuthenticated,
        userId,
        walletAddress,
      }),
    },
  ),
);
