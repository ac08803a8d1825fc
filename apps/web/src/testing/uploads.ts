import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '../components/ui/toast';
import { clearSession } from '../lib/session';

/** Stands in for XMLHttpRequest (uploads): the test drives progress and completion. */
export class FakeXhr {
  static all: FakeXhr[] = [];
  url = '';
  status = 0;
  headers: Record<string, string> = {};
  body: unknown = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {}
  progress(percent: number) {
    act(() =>
      this.upload.onprogress?.({
        lengthComputable: true,
        loaded: percent,
        total: 100,
      } as ProgressEvent),
    );
  }
  finish() {
    this.status = 200;
    this.onload?.();
  }
}

/**
 * Every test of the file uploads through a fresh FakeXhr; after each, the toasts, the session and
 * every stub and mock are cleared. `reset` runs before each test as well.
 */
export function withFakeUploads(reset?: () => void) {
  beforeEach(() => {
    FakeXhr.all = [];
    reset?.();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    act(() => toast.clear());
    clearSession();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The URL a mocked `fetch` was called with. */
export const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A small PNG file (its magic bytes) named `name`. */
export const png = (name = 'receipt.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
