import { beforeEach, vi } from 'vitest';

/**
 * react-hot-toast replaced by spies for the file that imports this module before anything that
 * shows a toast; the spies are cleared before each of its tests.
 */
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));
export { toast };

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});
