import { z } from 'zod';
import type { EndpointRequest } from './common';
import { circleAnswerBody, mathTradeBody, putWantListBody, type circlesEndpoints } from './circles';
import { exchangeIdParam } from './exchange-requests';

const byId = { params: z.object({ id: exchangeIdParam }) };
const byProduct = { params: z.object({ productId: exchangeIdParam }) };

/**
 * The circles routes' requests, as they parse them. `POST /api/circles/organiser` reads no
 * body: the caller asks for themself.
 */
export const circlesRequests: Partial<Record<keyof typeof circlesEndpoints, EndpointRequest>> = {
  'PUT /api/circles/wants/{productId}': { ...byProduct, body: putWantListBody },
  'DELETE /api/circles/wants/{productId}': byProduct,
  'GET /api/circles/{id}': byId,
  'PUT /api/circles/{id}/status': { ...byId, body: circleAnswerBody },
  'POST /api/circles/math-trades': { body: mathTradeBody },
  'GET /api/circles/math-trades/{id}': byId,
};
