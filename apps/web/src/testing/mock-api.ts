import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  message?: string;
  data?: unknown;
  errors?: Record<string, string>;
  /** The page an error answer points to (e.g. the identity page of a buying limit). */
  link?: string;
}

/** A fixed answer, or one computed from the parsed JSON body; throw to fail like a network. */
export type MockHandler = MockReply | ((body: unknown) => MockReply | Promise<MockReply>);

function requestKey(input: RequestInfo | URL, init?: RequestInit): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
}

const parseBody = (init?: RequestInit): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

/**
 * Answers `fetch` with API envelopes, keyed by "METHOD /path" (query string ignored).
 * Anything unexpected answers 500, so a test sees it. The one boundary the tests mock.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = requestKey(input, init);
    const handler = handlers[key];
    const reply: MockReply = !handler
      ? { status: 500, message: `Unexpected request ${key}` }
      : typeof handler === 'function'
        ? await handler(parseBody(init))
        : handler;
    const status = reply.status ?? 200;
    return new Response(
      JSON.stringify({
        code: status,
        message: reply.message ?? '',
        data: reply.data ?? null,
        ...(reply.errors ? { errors: reply.errors } : {}),
        ...(reply.link ? { link: reply.link } : {}),
      }),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });

  /** The JSON bodies sent to one "METHOD /path", in order. */
  function bodies(key: string): unknown[] {
    return spy.mock.calls
      .filter(([input, init]) => requestKey(input, init) === key)
      .map(([, init]) => parseBody(init));
  }

  return { spy, bodies };
}
