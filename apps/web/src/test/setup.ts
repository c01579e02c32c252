import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Files that opt into the node environment have no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
