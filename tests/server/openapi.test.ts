import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiPath, undocumented } from '../../server/openapi/document';
import { ROUTE_CALLS, send, setUpFixtures } from '../helpers/routeCalls';

/**
 * The OpenAPI document cannot drift from the code: every route of the server's route table (as Fastify's onRoute
 * hook recorded it) is in the document with its roles and a response, and the real answers of every route, called
 * as each kind of account allowed to call it, match the response schema the document states for them.
 */
const fx = setUpFixtures();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let doc: Json;

beforeAll(async () => {
  const res = await fx.t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

const operationOf = (method: string, url: string): Json | undefined => doc.paths[openApiPath(url).path]?.[method.toLowerCase()];

describe('the document', () => {
  it('is OpenAPI 3.1 with the bearer scheme and the error shapes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.FieldErrors).toMatchObject({ type: 'object', additionalProperties: { type: 'array' } });
    expect(doc.components.schemas.Message.required).toContain('message');
  });

  it('has every registered route, with a response schema', () => {
    expect(undocumented(fx.t.app.routeTable)).toEqual([]);
    const missing = fx.t.app.routeTable.filter((route) => {
      const op = operationOf(route.method, route.url);
      const success = op && Object.entries(op.responses as Json).find(([status]) => status < '400');
      const described = success && (success[1].content || success[0] === '204');
      return !described;
    });
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('describes no route the server does not have', () => {
    const registered = new Set(fx.t.app.routeTable.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url).path}`));
    const documented = Object.entries(doc.paths as Json).flatMap(([path, ops]) => Object.keys(ops as Json).map((method) => `${method} ${path}`));
    expect(documented.length).toBeGreaterThan(100);
    expect(documented.filter((key) => !registered.has(key))).toEqual([]);
  });

  it('declares the parameters of every address that has them, each documented once, record ids as whole numbers', () => {
    const undeclared: string[] = [];
    for (const route of fx.t.app.routeTable) {
      // A static plugin's `*` (the pictures' address) is documented by the app, not declared by a route.
      const names = route.url.endsWith('*') ? [] : openApiPath(route.url).params;
      if (!names.length) continue;
      const declared = Object.keys((route.schema?.params as { shape?: object } | undefined)?.shape ?? {});
      if (names.some((name) => !declared.includes(name))) undeclared.push(`${route.method} ${route.url}`);
      const inPath = (operationOf(route.method, route.url)!.parameters as Json[]).filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name), `${route.method} ${route.url}`).toEqual(names);
      for (const p of inPath.filter((p) => /^(id|[a-z]+Id)$/.test(p.name) && route.url !== '/api/history/:id/undo')) {
        expect(p.schema, `${route.method} ${route.url}`).toEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('says who may call each route, from the same access check the route runs', () => {
    for (const route of fx.t.app.routeTable) {
      const op = operationOf(route.method, route.url)!;
      expect(op['x-roles'], `${route.method} ${route.url}`).toEqual(route.access ?? []);
      if (route.access) {
        expect(op.security).toEqual([{ bearer: [] }]);
        expect(op.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/Message');
        expect(op.responses['403']).toBeDefined();
      } else {
        expect(op.security).toEqual([]);
      }
    }
    expect(operationOf('POST', '/api/shift')!.description).toBe('Who may call: administrator, manager.');
    expect(operationOf('POST', '/api/auth/login')!.responses['429']).toBeDefined();
    expect(operationOf('PUT', '/api/area/:id')!.responses['404']).toBeDefined();
  });

  it('documents the Idempotency-Key header and its 409 and 422 on the POST calls of logged-in accounts only', () => {
    const keyed = (method: string, url: string) => {
      const op = operationOf(method, url)!;
      const header = (op.parameters ?? []).find((p: Json) => p.in === 'header' && p.name === 'Idempotency-Key');
      return !!header && !!op.responses['409'] && !!op.responses['422'];
    };
    for (const [method, url] of [['POST', '/api/shift'], ['POST', '/api/newsFeed'], ['POST', '/api/driver/import'], ['POST', '/api/timesheet/approve']]) {
      expect(keyed(method, url), `${method} ${url}`).toBe(true);
    }
    expect(operationOf('POST', '/api/shift')!.responses['201'].headers['Idempotent-Replayed']).toBeDefined();
    for (const [method, url] of [['POST', '/api/auth/login'], ['POST', '/api/register'], ['POST', '/api/auth/logout'], ['PUT', '/api/shift/:id']]) {
      expect(keyed(method, url), `${method} ${url}`).toBe(false);
    }
  });

  it('gives every body field and query parameter a type a client can send (ids, dates, times, amounts, codes)', () => {
    const typed = (schema: unknown) =>
      !!schema && typeof schema === 'object' && ['type', 'anyOf', 'oneOf', 'enum', 'const', '$ref', 'allOf'].some((key) => key in schema);
    const untyped: string[] = [];
    let fields = 0;
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`));
      const json = node as Json;
      if (json.properties && typeof json.properties === 'object' && !Array.isArray(json.properties)) {
        for (const [name, schema] of Object.entries(json.properties as Json)) {
          fields += 1;
          if (!typed(schema)) untyped.push(`${at}/properties/${name}`);
        }
      }
      if (Array.isArray(json.parameters)) {
        for (const parameter of json.parameters as Json[]) {
          fields += 1;
          if (!typed(parameter.schema)) untyped.push(`${at}/parameters/${parameter.name}`);
        }
      }
      for (const [key, value] of Object.entries(json)) if (key !== 'properties' || typeof value !== 'object') walk(value, `${at}/${key}`);
      if (json.properties && typeof json.properties === 'object') for (const [name, schema] of Object.entries(json.properties as Json)) walk(schema, `${at}/properties/${name}`);
    };
    walk(doc, '#');
    console.log(`OpenAPI document: ${fields} schema properties and parameters, ${untyped.length} without a type`);
    expect(untyped).toEqual([]);
    expect(fields).toBeGreaterThan(900);

    const shift = operationOf('POST', '/api/shift')!.requestBody.content['application/json'].schema;
    expect(shift.properties.restaurant_id).toMatchObject({ type: 'integer' });
    expect(shift.properties.period_date).toMatchObject({ type: 'string', format: 'date' });
    expect(shift.properties.start_time).toMatchObject({ type: 'string', pattern: expect.any(String) });
    expect(shift.properties.cost_bonus).toMatchObject({ type: 'number' });
    expect(shift.properties.driver_id.type).toEqual(['integer', 'null']);
    expect(shift.properties.status.enum).toEqual([10, 20]);
    expect(shift.required).toEqual(expect.arrayContaining(['restaurant_id', 'period_date', 'driver_id', 'start_time', 'finish_time']));
    const area = operationOf('POST', '/api/area')!.requestBody.content['application/json'].schema;
    expect(area.properties.city_id).toMatchObject({ type: 'integer' });
    expect(area.properties.standardPayRate).toMatchObject({ type: 'number' });
    expect(area.required).toEqual(expect.arrayContaining(['city_id', 'name', 'standardPayRate', 'weekendPayRate']));
  });

  it('takes request bodies and queries from the schemas the handlers parse with', () => {
    const login = operationOf('POST', '/api/auth/login')!.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['email', 'password']));
    const shifts = operationOf('GET', '/api/shift')!.parameters.map((p: Json) => p.name);
    expect(shifts).toEqual(expect.arrayContaining(['period_date_from', 'period_date_to', 'shift_ids']));
    const driverForm = operationOf('POST', '/api/driver')!.requestBody.content['multipart/form-data'];
    expect(JSON.stringify(driverForm)).toContain('first_name');
  });
});

/** The demo account to call a route as, for each kind of caller its access check lets through. */
const CALLERS: Record<string, string[]> = {
  administrator: ['admin@demo.test'],
  manager: ['manager@demo.test'],
  staff: ['admin@demo.test', 'manager@demo.test'],
  restaurant: ['restaurant@demo.test'],
  driver: ['driver@demo.test'],
  any: ['admin@demo.test'],
};

describe('real answers', () => {
  it('match the documented response schema of every route, for each kind of caller', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ ...doc, $id: 'openapi.json' });
    const failures: string[] = [];
    let checked = 0;
    for (const route of fx.t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      const callers = [...new Set((route.access ?? ['any']).flatMap((a) => CALLERS[a]))];
      for (const email of callers) {
        const res = await send(fx.t, route.method, await ROUTE_CALLS[key](fx), await fx.t.tokenFor(email));
        const op = operationOf(route.method, route.url)!;
        const status = String(res.statusCode);
        if (!op.responses[status]) {
          failures.push(`${key} as ${email}: status ${status} is not documented (${res.body.slice(0, 200)})`);
          continue;
        }
        const type = String(res.headers['content-type'] ?? '').split(';')[0];
        const content = op.responses[status].content;
        if (!content) continue;
        const documented = content['application/json'] ? 'application/json' : Object.keys(content)[0];
        if (documented.endsWith('/*') ? !type.startsWith(documented.slice(0, -1)) : type !== documented) {
          failures.push(`${key} as ${email}: answered ${type}, documented ${documented}`);
          continue;
        }
        if (type !== 'application/json') continue;
        const pointer = `openapi.json#/paths/${jsonPointer(openApiPath(route.url).path)}/${route.method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
        const validate = ajv.getSchema(pointer) ?? ajv.compile({ $ref: pointer });
        checked += 1;
        if (!validate(res.json())) failures.push(`${key} as ${email}: ${ajv.errorsText(validate.errors?.slice(0, 3))}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  }, 240_000);
});

function jsonPointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1').replaceAll('{', '%7B').replaceAll('}', '%7D');
}
