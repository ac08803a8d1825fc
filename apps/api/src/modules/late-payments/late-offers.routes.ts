import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lateOfferMessages, lateOfferSchema, lateOfferTokenSchema } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { idParams } from '../../lib/uuid.ts';
import type { LateOffersService } from './late-offers.service.ts';

// The token travels in the body, never in a URL that logs and referrers keep.
const tokenBody = z.object({
  token: lateOfferTokenSchema.meta({ pattern: '^[A-Za-z0-9_-]{43}$' }),
});

/** The buyer's side: the consent link of an e-mailed offer (the token is the credential). */
export const lateOfferLinkRoutes: FastifyPluginAsyncZod<{ lateOffers: LateOffersService }> = async (
  app,
  { lateOffers },
) => {
  app.post(
    '/late-offers/read',
    {
      config: { openapi: { errors: [404] } },
      schema: {
        tags: ['purchases'],
        summary:
          'An offer to turn a late bank payment into an order at the price of the day, by its e-mailed link (no session: the link is the key); state offered, accepted, withdrawn or expired. 404 for an unknown link; 30 an hour per network',
        body: tokenBody,
        response: { 200: envelopeSchema(lateOfferSchema) },
      },
    },
    async (req) => envelope(200, await lateOffers.view(req.body.token, req.ip)),
  );

  app.post(
    '/late-offers/accept',
    {
      config: { openapi: { errors: [403, 404, 409, 410] } },
      schema: {
        tags: ['purchases'],
        summary:
          'The buyer consents: the ended order becomes Pending at the offered price, its tokens reserved in the stage, awaiting staff review. Again: the same answer (one order). 404 unknown link; 410 expired or withdrawn; 409 the price of the day changed, the presale is not selling or the stage has fewer tokens left; 403 the order would take the account past its buying limit (with `link` to the identity page); 30 an hour per network',
        body: tokenBody,
        response: { 200: envelopeSchema(lateOfferSchema) },
      },
    },
    async (req) => {
      const { offer, already } = await lateOffers.accept(req.body.token, req.ip);
      return envelope(
        200,
        offer,
        already ? lateOfferMessages.alreadyAccepted : lateOfferMessages.accepted,
      );
    },
  );
};

/** Staff's side, inside the /admin scope (its role check). */
export const adminLateOfferRoutes: FastifyPluginAsyncZod<{
  lateOffers: LateOffersService;
}> = async (app, { lateOffers }) => {
  app.post(
    '/admin/purchases/:id/late-offer',
    {
      config: { openapi: { errors: [409] } },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          "Offer a late bank payment (a receipt that came after its order ended) as an order at the price of the day: e-mails the buyer a consent link valid 72 hours; nothing else changes until they accept. 201 a new offer (a newer one withdraws the last), 200 the same open offer again. 409 not a late payment, a refund of it is in progress, the presale is not selling or the stage has fewer tokens left; 400 the day's minimum, hard cap or end date",
        params: idParams,
        response: { 200: envelopeSchema(lateOfferSchema), 201: envelopeSchema(lateOfferSchema) },
      },
    },
    async (req, reply) => {
      const { offer, created } = await lateOffers.offer(req.user.id, req.params.id);
      const status = created ? 201 : 200;
      return reply.code(status).send(envelope(status, offer, lateOfferMessages.offered));
    },
  );
};
