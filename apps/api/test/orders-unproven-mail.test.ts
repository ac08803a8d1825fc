import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { decide, people } from './affiliates-helpers.ts';
import { freshEmail, verifiedUser } from './auth-helpers.ts';
import { audBankId, bankOrderBody } from './purchases-helpers.ts';
import { guestOrder, useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';

let app: FastifyInstance, db: Db, config: Config, box: Mailbox, client: ApiClient;
let bankId: string;

useMailedApp(async (t) => {
  ({ app, db, config, box, client } = t);
  bankId = await audBankId(app);
});

const ORDER_SUBJECT = /Your TMC presale request TMC-/;

describe('order e-mails to an address nobody proved', () => {
  it('go out at most once an hour and greet no name the requester chose', async () => {
    const email = freshEmail('victim');
    const name = '<a href="https://evil.example/claim">Claim your bonus</a>';
    const guest = await guestOrder(app, { email, password: 'guest password 1', name });
    expect(guest.statusCode, guest.body).toBe(201);
    const token = guest.json().data.data.tokens.access.token as string;
    for (let i = 0; i < 3; i++) {
      const res = await client.post('/v1/purchase/bank-order', bankOrderBody(bankId), { token });
      expect(res.statusCode, res.body).toBe(201);
    }
    const orderMails = (await box.unread(email)).filter((m) => ORDER_SUBJECT.test(m.subject));
    expect(orderMails).toHaveLength(1);
    expect(orderMails[0]!.text).toContain('Hi there,');
    expect(orderMails[0]!.text).not.toContain('evil.example');
    expect(orderMails[0]!.html).not.toContain('evil.example');

    // Staff's decision on the order reaches the address with no chosen name either.
    const staff = await people(db, config)({ role: 'admin' });
    const decided = await decide(app, staff, guest.json().data.purchase._id as string, 1);
    expect(decided.statusCode, decided.body).toBe(200);
    const decision = (await box.unread(email)).find((m) => /accepted/i.test(m.subject));
    expect(decision?.text).toContain('Hi there,');
    expect(decision?.html).not.toContain('evil.example');
  });

  it('a proven address gets every order e-mail with its name', async () => {
    const person = await verifiedUser(app, box, { name: 'Vera' });
    for (let i = 0; i < 2; i++) {
      const res = await client.post('/v1/purchase/bank-order', bankOrderBody(bankId), {
        token: person.access,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const orderMails = (await box.unread(person.email)).filter((m) =>
      ORDER_SUBJECT.test(m.subject),
    );
    expect(orderMails).toHaveLength(2);
    for (const m of orderMails) expect(m.text).toContain('Hi Vera,');
  });
});

describe('orders per account', () => {
  it('are limited to 30 an hour, from any address', async () => {
    const person = await verifiedUser(app, box);
    // Each is cancelled at once, so the cap on bank orders awaiting payment never decides.
    for (let i = 0; i < 30; i++) {
      const res = await client.post('/v1/purchase/bank-order', bankOrderBody(bankId), {
        token: person.access,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.purchase._id as string;
      const cancelled = await client.post(
        `/v1/purchase/${id}/cancel`,
        {},
        { token: person.access },
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    const over = await client.post('/v1/purchase/bank-order', bankOrderBody(bankId), {
      token: person.access,
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
