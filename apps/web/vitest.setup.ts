import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setPresaleConfig } from './src/features/presale/api/get-presale-config';

// jsdom lacks these browser APIs; the app calls them, so give them inert stand-ins.
window.scrollTo = vi.fn();
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  setPresaleConfig(undefined);
});
