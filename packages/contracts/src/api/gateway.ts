import { z } from 'zod';
import type { EndpointContracts } from './common';

/** What the gateway answers itself: this contract and its browsable docs. */
export const gatewayEndpoints = {
  'GET /api/openapi.json': {
    data: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    media: 'application/json',
    summary: 'This document (OpenAPI 3.1)',
  },
  'GET /api/docs': { data: z.string(), media: 'text/html', summary: 'Browsable API docs' },
} satisfies EndpointContracts;
