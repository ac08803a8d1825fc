import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokensFixture, userFixture } from '../testing/fixtures';
import { api, ApiError, failureMessages, storedFileLink, uploadWithProgress } from './api-client';
import { clearSession, getSession, setSession } from './session';

interface Call {
  url: string;
  method: string;
  authorization: string | undefined;
  body: unknown;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fake API: /v1/me wants the access token "fresh", refresh answers as told. */
function fakeApi(refresh: () => Response) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({
      url,
      method: init.method ?? 'GET',
      authorization: headers.authorization,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    await Promise.resolve();
    if (url === '/v1/auth/refresh-tokens') return refresh();
    if (headers.authorization === 'Bearer fresh') {
      return json(200, { code: 200, message: 'ok', data: { url } });
    }
    return json(401, { code: 401, message: 'Please authenticate', data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => {
  setSession({ user: userFixture, tokens: tokensFixture('stale', 'refresh-1') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('api client', () => {
  it('refreshes once on a 401, stores the new tokens and retries', async () => {
    const calls = fakeApi(() =>
      json(200, {
        code: 200,
        message: 'ok',
        data: { tokens: tokensFixture('fresh', 'refresh-2') },
      }),
    );

    const answer = await api.get<{ url: string }>('/v1/me', { params: { page: 1, q: undefined } });

    expect(answer.data.url).toBe('/v1/me?page=1');
    expect(calls.map((c) => `${c.method} ${c.url} ${c.authorization ?? '-'}`)).toEqual([
      'GET /v1/me?page=1 Bearer stale',
      'POST /v1/auth/refresh-tokens -',
      'GET /v1/me?page=1 Bearer fresh',
    ]);
    expect(calls[1]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(getSession()).toMatchObject({
      accessToken: 'fresh',
      refreshToken: 'refresh-2',
      user: userFixture,
    });
    expect(localStorage.getItem('accessToken')).toBe('fresh');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('shares one refresh between concurrent 401s', async () => {
    const calls = fakeApi(() =>
      json(200, {
        code: 200,
        message: 'ok',
        data: { tokens: tokensFixture('fresh', 'refresh-2') },
      }),
    );

    const answers = await Promise.all([
      api.get('/v1/a'),
      api.get('/v1/b'),
      api.post('/v1/c', { x: 1 }),
    ]);

    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    expect(calls.filter((c) => c.url === '/v1/auth/refresh-tokens')).toHaveLength(1);
  });

  it('signs out when the refresh fails and reports the server message', async () => {
    const calls = fakeApi(() =>
      json(401, { code: 401, message: 'Please authenticate', data: null }),
    );

    const failure = await api.get('/v1/me').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Please authenticate' });
    expect(calls.filter((c) => c.url === '/v1/auth/refresh-tokens')).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(getSession()).toEqual({ user: null, accessToken: null, refreshToken: null });
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('persist:root')).toBeNull();
  });

  it('does not try to refresh a call made without a token', async () => {
    clearSession();
    const calls = fakeApi(() => json(500, {}));

    await expect(api.get('/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBeUndefined();
  });

  it('turns an error envelope into an ApiError with its message and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(400, {
            code: 400,
            message: 'Email already registered',
            data: null,
            errors: { email: 'Email already registered' },
          }),
        ),
      ),
    );

    await expect(
      api.post('/v1/auth/signup', { email: 'a@b.co' }, { auth: false }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Email already registered',
      errors: { email: 'Email already registered' },
    });
  });

  it('reports a refused upload with the envelope message of the file server', async () => {
    const refusal = { code: 400, message: 'Select only images or pdf files.', data: null };
    class RefusingXhr {
      status = 0;
      responseText = '';
      upload = {};
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        this.status = 400;
        this.responseText = JSON.stringify({ ...refusal, errors: { file: refusal.message } });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    const png = new File(['not a png'], 'fake.png', { type: 'image/png' });
    await expect(uploadWithProgress('/files/u/a.png?sig=1', png)).rejects.toMatchObject({
      status: 400,
      message: refusal.message,
      errors: { file: refusal.message },
    });
  });

  describe('tells a connection problem from a server outage', () => {
    const answering = (response: () => Response) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.resolve(response())),
      );
    const failureOf = () => api.get('/v1/presale/config').catch((error: unknown) => error);

    it('no answer at all: check the connection', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
      );
      expect(await failureOf()).toMatchObject({ status: 0, message: failureMessages.network });
      expect(failureMessages.network).toMatch(/check your connection/);
    });

    it.each([502, 503, 504])(
      'a %i without a message: the service is unavailable, not the connection',
      async (status) => {
        answering(() => new Response('<html>Bad gateway</html>', { status }));
        const failure = await failureOf();
        expect(failure).toMatchObject({ status, message: failureMessages.unavailable });
        expect((failure as Error).message).not.toMatch(/connection/);
      },
    );

    it('a 500 without a message: something went wrong on our side', async () => {
      answering(() => new Response('', { status: 500 }));
      const failure = await failureOf();
      expect(failure).toMatchObject({ status: 500, message: failureMessages.serverFault });
      expect((failure as Error).message).not.toMatch(/connection/);
    });

    it("a server's own 503 message wins", async () => {
      const message = 'The service is temporarily unavailable, please try again in a moment';
      answering(() => json(503, { code: 503, message, data: null }));
      expect(await failureOf()).toMatchObject({ status: 503, message });
    });

    it('a 4xx without a message names the call and its status', async () => {
      answering(() => new Response('', { status: 404 }));
      expect(await failureOf()).toMatchObject({ status: 404, message: 'Request failed (404)' });
    });

    it('an upload that got no answer: check the connection', async () => {
      class OfflineXhr {
        upload = {};
        onerror: (() => void) | null = null;
        open() {}
        setRequestHeader() {}
        send() {
          this.onerror?.();
        }
      }
      vi.stubGlobal('XMLHttpRequest', OfflineXhr);
      const png = new File(['png'], 'a.png', { type: 'image/png' });
      await expect(uploadWithProgress('/files/u/a.png?sig=1', png)).rejects.toMatchObject({
        status: 0,
        message: failureMessages.network,
      });
    });
  });

  it('stores upload links without the signature', () => {
    expect(storedFileLink('https://files.example/u/abc.pdf?sig=1&exp=2')).toBe(
      'https://files.example/u/abc.pdf',
    );
  });
});
