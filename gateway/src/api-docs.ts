import path from 'node:path';
import express, { Router } from 'express';
import { openApiDocument } from '@swapbooth/contracts';
import { accessFor } from './access-rules';

/**
 * The API's contract: GET /api/openapi.json (OpenAPI 3.1, generated from the endpoint tables of
 * packages/contracts) and GET /api/docs, Swagger UI reading it. Swagger UI's files are served from
 * the swagger-ui-dist package here, not from a CDN, so the page keeps to the gateway's content
 * security policy ('self' scripts; its inline styles are allowed there already).
 */
export function apiDocs(): Router {
  const r = Router();
  let document: string | undefined;
  r.get('/api/openapi.json', (_req, res) => {
    document ??= JSON.stringify(openApiDocument({ accessFor }));
    res.type('application/json').setHeader('Cache-Control', 'no-cache');
    res.send(document);
  });
  r.get(['/api/docs', '/api/docs/'], (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(page);
  });
  r.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(init);
  });
  r.use('/api/docs', express.static(swaggerUiDir(), { index: false, fallthrough: false }));
  return r;
}

const swaggerUiDir = () => path.dirname(require.resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Swapbooth API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const init = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: false,
});
`;
