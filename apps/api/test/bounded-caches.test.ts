import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '@tmc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks } from '../src/db/schema/index.ts';
import { registerErrorHandler } from '../src/lib/error-handler.ts';
import { createPublicCache, type PublicCache } from '../src/lib/public-cache.ts';
import { serializerCompiler } from '../src/lib/serializer.ts';
import { createSessionStates } from '../src/lib/session-states.ts';
import { banksRoutes } from '../src/modules/banks/banks.routes.ts';
import { createBanksService } from '../src/modules/banks/banks.service.ts';
import { getTestDatabase, resetDatabase } from './db.ts';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const randomCode = () =>
  Array.from({ length: 3 + Math.floor(Math.random() * 3) }, () =>
    letters.charAt(Math.floor(Math.random() * 26)),
  ).join('');

describe('the bank details cache holds only currencies that have a bank', () => {
  let app: FastifyInstance;
  let cache: PublicCache;

  beforeAll(async () => {
    const database = await getTestDatabase();
    await resetDatabase(database);
    await database.db.insert(banks).values([
      { currency: 'AUD', bankName: 'Meme Bank', accountHolder: 'TMC', bic: 'MEMEAU2S' },
      { currency: 'EUR', bankName: 'Euro Meme', accountHolder: 'TMC', bic: 'MEMEDEFF' },
    ]);
    cache = createPublicCache();
    cache.listening();
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(banksRoutes, {
      banks: createBanksService({ db: database.db }),
      publicReads: cache,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (code: string) =>
    app.inject({ method: 'GET', url: `/bank/getBankDetailsByCurrency/${code}` });

  it('answers 2,000 unknown codes from one shared entry, and one entry per real currency', async () => {
    const aud = await get('aud');
    expect(aud.statusCode, aud.body).toBe(200);
    expect(aud.json().data[0].bankName).toBe('Meme Bank');
    const afterAud = cache.size;
    for (let i = 0; i < 2_000; i++) {
      const code = randomCode();
      if (code === 'AUD' || code === 'EUR') continue;
      const res = await get(code);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.noBank);
    }
    expect(cache.size).toBe(afterAud);
    expect((await get('EUR')).statusCode).toBe(200);
    expect(cache.size).toBe(afterAud + 1);
    // The list of currencies (the shared entry) plus AUD and EUR.
    expect(cache.size).toBe(3);
  });

  it('a new bank is found at once: the change drops the list with the answers', async () => {
    expect((await get('GBP')).statusCode).toBe(400);
    const database = await getTestDatabase();
    await database.db
      .insert(banks)
      .values({ currency: 'GBP', bankName: 'Pound Meme', accountHolder: 'TMC', bic: 'MEMEGB2L' });
    cache.changed('banks');
    expect((await get('gbp')).statusCode).toBe(200);
  });
});

describe('the session states cache', () => {
  it('keeps at most its bound, dropping the oldest', async () => {
    const states = createSessionStates(() => Promise.resolve({ role: 'user', sessionVersion: 1 }), {
      maxEntries: 100,
    });
    states.listening();
    for (let i = 0; i < 1_000; i++) await states.get(`user-${i}`, 1);
    expect(states.size).toBe(100);
    states.close();
  });
});
