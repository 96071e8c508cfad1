import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from '../../openapi/document';
import { notFound } from '../../plugins/errors';
import { RESPONSES, FILES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { fileParams } from '../../../domain/validation/pathParams';

const require = createRequire(import.meta.url);
const PAGE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../openapi/page');
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const VERSION = (JSON.parse(fs.readFileSync(path.join(PAGE_DIR, '../../../package.json'), 'utf8')) as { version: string }).version;

/**
 * The files the reference page loads, all served from here (the app's Content-Security-Policy allows no other
 * host, and the office may run without the internet): Swagger UI's bundle and styles, and our start script.
 */
const PAGE_FILES: Record<string, { file: string; type: string }> = {
  'swagger-ui-bundle.js': { file: path.join(SWAGGER_DIR, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: path.join(SWAGGER_DIR, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'init.js': { file: path.join(PAGE_DIR, 'init.js'), type: 'text/javascript; charset=utf-8' },
};

/**
 * GET /api/openapi.json, the OpenAPI document of every route (server/openapi/), and GET /api/docs, Swagger UI's
 * interactive reference over it. Both public: the document names routes and shapes, never data.
 */
export default async function openApiRoutes(app: RouteApp) {
  let document: string | null = null;

  app.get('/api/openapi.json', {
    schema: { summary: 'This document', response: { 200: RESPONSES.openapi } },
  }, async (_request, reply) => {
    // Built on first use, when every route is registered; the table does not change afterwards.
    document ??= JSON.stringify(buildOpenApi(app.routeTable, VERSION));
    return reply.type('application/json; charset=utf-8').send(document);
  });

  app.get('/api/docs', {
    schema: { summary: 'The interactive API reference', response: { 200: FILES.html } },
  }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(fs.createReadStream(path.join(PAGE_DIR, 'index.html'))),
  );

  app.get('/api/docs/:file', {
    schema: { summary: 'A file of the API reference page', params: fileParams, response: { 200: FILES.asset } },
  }, async (request, reply) => {
    const found = Object.hasOwn(PAGE_FILES, request.params.file) ? PAGE_FILES[request.params.file] : undefined;
    if (!found) throw notFound();
    return reply.type(found.type).send(fs.createReadStream(found.file));
  });
}
