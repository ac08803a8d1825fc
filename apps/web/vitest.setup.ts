import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setPresaleConfig } from './src/features/presale/api/get-presale-config';

// A page's first render may wait for its lazy chunk to be transformed, seconds on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; the app calls them, so give them inert stand-ins.
window.scrollTo = vi.fn();
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  setPresaleConfig(undefined);
});
