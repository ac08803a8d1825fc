import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { envelope } from './envelope.ts';

/**
 * Public reads that change a few times a day (presale figures, rates, bank accounts) are answered
 * from memory. Triggers on their tables NOTIFY this channel with the table's name on every write
 * (drizzle/0005), so every copy of the API drops what it cached the moment a change commits.
 */
export const PUBLIC_READS_CHANNEL = 'tmc_public_reads';

export type PublicArea = 'presale' | 'rates' | 'banks';

const AREA_OF_TABLE: Readonly<Record<string, PublicArea>> = {
  settings: 'presale',
  stages: 'presale',
  currency_rates: 'rates',
  banks: 'banks',
};

/** What browsers and CDNs may keep; the presale figures move with every accepted purchase. */
export const PUBLIC_CACHE_CONTROL: Readonly<Record<PublicArea, string>> = {
  presale: 'public, max-age=5, stale-while-revalidate=30',
  rates: 'public, max-age=30, stale-while-revalidate=60',
  banks: 'public, max-age=30, stale-while-revalidate=60',
};

export interface PublicCacheOptions {
  /** How long an answer is kept while every change is heard: only a safety net. */
  listeningTtlMs?: number;
  /** How long it is kept while the listener is down (changes may go unheard). */
  deafTtlMs?: number;
  now?: () => number;
}

interface Entry {
  /** The serialized envelope, sent as it is. */
  body: string;
  etag: string;
  expires: number;
}

interface Load {
  generation: number;
  promise: Promise<Entry>;
}

const strongEtag = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** If-None-Match lists tags (weak comparison, RFC 9110 13.1.2) or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export function createPublicCache(opts: PublicCacheOptions = {}) {
  const listeningTtl = opts.listeningTtlMs ?? 60_000;
  const deafTtl = opts.deafTtlMs ?? 2_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const loads = new Map<string, Load>();
  const generations: Record<PublicArea, number> = { presale: 0, rates: 0, banks: 0 };
  // Deaf until the listener reports it is up.
  let listening = false;

  /** An entry's key: its area first, so a change drops the area's entries by prefix. */
  const idOf = (area: PublicArea, key: string) => `${area}:${key}`;

  function invalidate(area?: PublicArea) {
    for (const a of area ? [area] : (Object.keys(generations) as PublicArea[])) {
      generations[a] += 1;
      for (const key of entries.keys()) if (key.startsWith(idOf(a, ''))) entries.delete(key);
    }
  }

  /** The cached answer while it is fresh. */
  function held(id: string): Entry | undefined {
    const hit = entries.get(id);
    return hit && hit.expires > now() ? hit : undefined;
  }

  /**
   * The cached answer, or one load shared by every request that arrives meanwhile (a launch
   * minute must not send each visitor to the database). A load that a change overtook still
   * answers its own requests but is not kept.
   */
  function entry(area: PublicArea, id: string, load: () => Promise<string>): Promise<Entry> {
    const hit = held(id);
    if (hit) return Promise.resolve(hit);
    const generation = generations[area];
    const running = loads.get(id);
    if (running && running.generation === generation) return running.promise;
    const promise = load().then((body) => {
      const fresh = {
        body,
        etag: strongEtag(body),
        expires: now() + (listening ? listeningTtl : deafTtl),
      };
      if (generations[area] === generation) entries.set(id, fresh);
      return fresh;
    });
    const current = { generation, promise };
    loads.set(id, current);
    const forget = () => {
      if (loads.get(id) === current) loads.delete(id);
    };
    promise.then(forget, forget);
    return promise;
  }

  function answer(req: FastifyRequest, reply: FastifyReply, area: PublicArea, cached: Entry) {
    void reply.header('cache-control', PUBLIC_CACHE_CONTROL[area]).header('etag', cached.etag);
    if (matches(req.headers['if-none-match'], cached.etag)) void reply.code(304).send();
    else void reply.type('application/json; charset=utf-8').send(cached.body);
  }

  return {
    invalidate,
    /** A notification from the channel: the name of the table that changed. */
    changed(table: string) {
      const area = AREA_OF_TABLE[table];
      if (area) invalidate(area);
    },
    /** The listener is up: from now on every change is heard (earlier ones may not have been). */
    listening() {
      listening = true;
      invalidate();
    },
    deaf() {
      listening = false;
      invalidate();
    },
    get isListening() {
      return listening;
    },

    /**
     * A small value kept like the answers (dropped with its area), e.g. which currencies have a
     * bank account, so a request for any other code needs neither the database nor an entry.
     */
    async lookup<T>(area: PublicArea, key: string, load: () => Promise<T>): Promise<T> {
      const cached = await entry(area, idOf(area, `lookup:${key}`), async () =>
        JSON.stringify(await load()),
      );
      return JSON.parse(cached.body) as T;
    },

    /** How many answers are kept now (bounded by the areas' keys: one per currency with a bank). */
    get size() {
      return entries.size;
    },

    /**
     * Answers a public read from memory with its ETag and Cache-Control, or 304 when the client
     * already holds it. `read` gives the envelope's data; the route's compiled serializer writes it.
     * A kept answer goes out at once, without a promise and the turns of the event loop it takes:
     * most launch-day requests are these. A route returns what this returns.
     */
    send(
      req: FastifyRequest,
      reply: FastifyReply,
      at: { area: PublicArea; key?: string },
      read: () => Promise<unknown>,
    ): Promise<void> | undefined {
      const id = idOf(at.area, at.key ?? '');
      const hit = held(id);
      if (hit) return void answer(req, reply, at.area, hit);
      return entry(
        at.area,
        id,
        async () => reply.serialize(envelope(200, await read())) as string,
      ).then((cached) => answer(req, reply, at.area, cached));
    },
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;

/** Keeps `cache` in step with the database's change notifications; resolves to the unsubscribe. */
export function watchPublicReads(database: Database, cache: PublicCache) {
  return database.listen(PUBLIC_READS_CHANNEL, {
    notify: (table) => cache.changed(table),
    up: () => cache.listening(),
    down: () => cache.deaf(),
  });
}
