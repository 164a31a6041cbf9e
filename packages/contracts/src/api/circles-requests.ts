import type { EndpointRequest } from './common';
import { circleAnswerBody, mathTradeBody, putWantListBody, type circlesEndpoints } from './circles';

/**
 * The circles routes' request bodies, as they parse them. `POST /api/circles/organiser` reads no
 * body: the caller asks for themself.
 */
export const circlesRequests: Partial<Record<keyof typeof circlesEndpoints, EndpointRequest>> = {
  'PUT /api/circles/wants/{productId}': { body: putWantListBody },
  'PUT /api/circles/{id}/status': { body: circleAnswerBody },
  'POST /api/circles/math-trades': { body: mathTradeBody },
};
