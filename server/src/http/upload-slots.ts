import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, tooManyRequests } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives file bytes: it takes one of the bounded upload slots. */
    upload?: boolean;
  }
  interface FastifyInstance {
    /** Uploads being received right now (all users). */
    uploadsInFlight(): number;
  }
}

export interface UploadLimits {
  /** Uploads one user may have in flight at once. */
  perUser: number;
  /** Uploads the whole server receives at once. */
  total: number;
}

/** Each upload streams to disk in bounded pieces, so these bound disk I/O and temp space, not memory. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { perUser: 3, total: 12 };

const RETRY_AFTER_SECONDS = '5';

/**
 * Bounds uploads in flight per user (429) and overall (503), decided after sign-in and the
 * route's permission, before a byte of the body is read. A slot is freed when the response
 * has gone out or the client went away.
 */
export function registerUploadSlots(app: FastifyInstance, limits: UploadLimits = DEFAULT_UPLOAD_LIMITS) {
  const perUser = new Map<number, number>();
  const holders = new WeakMap<FastifyRequest, number>();
  let total = 0;
  app.decorate('uploadsInFlight', () => total);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.upload || !request.user) return;
    const userId = request.user.id;
    const mine = perUser.get(userId) ?? 0;
    if (mine >= limits.perUser) {
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      throw tooManyRequests(`You already have ${mine} uploads in progress. Please wait for one to finish, then retry.`);
    }
    if (total >= limits.total) {
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      throw new HttpError(503, 'The server is receiving too many uploads right now. Please retry in a moment.');
    }
    perUser.set(userId, mine + 1);
    total += 1;
    holders.set(request, userId);
  });

  const release = async (request: FastifyRequest) => {
    const userId = holders.get(request);
    if (userId === undefined) return;
    holders.delete(request);
    total -= 1;
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left > 0) perUser.set(userId, left);
    else perUser.delete(userId);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
