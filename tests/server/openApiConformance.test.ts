import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiPath } from '../../server/openapi/document';
import { OWN_MSG } from '../../domain/messages';
import { ROUTE_CALLS, send, setUpFixtures } from '../helpers/routeCalls';

/**
 * The API as a client reading only the OpenAPI document meets it: each path matches one URL template, every write
 * that takes a JSON body answers an empty or ill-typed body with the documented 400 (never a server error) naming
 * only the fields the document lists, and an over-long id answers the documented 414 `{ message }`.
 */
const fx = setUpFixtures();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let doc: Json;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

beforeAll(async () => {
  doc = (await fx.t.app.inject({ url: '/api/openapi.json' })).json();
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const isTemplate = (segment: string) => segment.startsWith('{');

/** Whether a path parameter, as documented, can hold this address part (an id cannot be `restore`). */
function fits(part: string, template: string, method: string, path: string): boolean {
  const name = template.slice(1, -1);
  const schema = (doc.paths[path][method].parameters as Json[]).find((p) => p.in === 'path' && p.name === name)!.schema as Json;
  if (schema.type === 'integer') return /^\d+$/.test(part);
  return schema.pattern ? new RegExp(schema.pattern as string).test(part) : true;
}

/** Whether one URL could match both templates without either being the more concrete at every difference. */
function ambiguous(a: string, b: string, method: string): boolean {
  const x = a.split('/');
  const y = b.split('/');
  if (x.length !== y.length) return false;
  let aConcrete = false;
  let bConcrete = false;
  for (let i = 0; i < x.length; i += 1) {
    if (x[i] === y[i] || (isTemplate(x[i]) && isTemplate(y[i]))) continue;
    if (!isTemplate(x[i]) && !isTemplate(y[i])) return false;
    if (isTemplate(x[i]) ? !fits(y[i], x[i], method, a) : !fits(x[i], y[i], method, b)) return false;
    if (isTemplate(x[i])) bConcrete = true;
    else aConcrete = true;
  }
  // Identical templates, or each more concrete somewhere: no rule says which one a URL means.
  return !(aConcrete !== bConcrete);
}

/** The names a request may use: path and query parameters, and the properties of the body's schema (its unions too). */
function documentedFields(op: Json, body: Json | undefined): Set<string> {
  const names = new Set<string>((op.parameters ?? []).map((p: Json) => p.name as string));
  const visit = (schema: Json | undefined): void => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.$ref) return visit(resolve(schema.$ref as string));
    for (const name of Object.keys(schema.properties ?? {})) names.add(name);
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) visit(part as Json);
    if (schema.items) visit(schema.items as Json);
  };
  visit(body);
  return names;
}

const resolve = (ref: string): Json => ref.replace(/^#\//, '').split('/').reduce((node: Json, key) => node[key], doc);

function validates(path: string, method: string, status: string, body: unknown): string | null {
  const pointer = `openapi.json#/paths/${jsonPointer(path)}/${method}/responses/${status}/content/application~1json/schema`;
  const validate = ajv.getSchema(pointer) ?? ajv.compile({ $ref: pointer });
  return validate(body) ? null : ajv.errorsText(validate.errors?.slice(0, 3));
}

/** A value of the wrong type for any field the document types (no id, date, time, amount, code or text is an object). */
const WRONG = { not: ['of this type'] };

describe('the OpenAPI document against the served API', () => {
  it('has one template per URL: no duplicate or ambiguous paths for the same method', () => {
    const paths = Object.keys(doc.paths as Json);
    const clashes: string[] = [];
    paths.forEach((a, i) => {
      for (const b of paths.slice(i + 1)) {
        for (const method of METHODS.filter((m) => doc.paths[a][m] && doc.paths[b][m])) {
          if (ambiguous(a, b, method)) clashes.push(`${method} ${a} ~ ${b}`);
        }
      }
    });
    expect(clashes).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/images/'))).toEqual(['/images/{name}', '/images/thumb/{name}']);
  });

  it('answers an empty and an ill-typed body to every JSON write with the documented 400, naming documented fields only', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    let operations = 0;
    for (const route of fx.t.app.routeTable) {
      const path = openApiPath(route.url).path;
      const method = route.method.toLowerCase();
      const op = doc.paths[path]?.[method] as Json | undefined;
      const body = op?.requestBody?.content?.['application/json']?.schema as Json | undefined;
      if (!op || !body || !['post', 'put', 'patch'].includes(method)) continue;
      operations += 1;
      const email = route.access?.includes('restaurant') && !route.access.some((a) => a !== 'restaurant') ? 'restaurant@demo.test' : route.access?.includes('driver') ? 'driver@demo.test' : 'admin@demo.test';
      const token = route.access ? await fx.t.tokenFor(email) : null;
      const fields = documentedFields(op, body);
      const spoilt = Object.fromEntries([...fields].filter((name) => !(op.parameters ?? []).some((p: Json) => p.name === name)).map((name) => [name, WRONG]));
      const { url } = await ROUTE_CALLS[`${route.method} ${route.url}`](fx);
      for (const [kind, payload] of [['empty', {}], ['ill-typed', spoilt]] as const) {
        calls += 1;
        const res = await send(fx.t, route.method, { url, payload }, token);
        const key = `${route.method} ${route.url} (${kind} body)`;
        if (res.statusCode !== 400) {
          mismatches.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          continue;
        }
        const unknown = Object.keys(res.json() as Json).filter((name) => !fields.has(name));
        if (unknown.length) mismatches.push(`${key}: names undocumented ${unknown.join(', ')}`);
        const invalid = validates(path, method, '400', res.json());
        if (invalid) mismatches.push(`${key}: ${invalid}`);
      }
    }
    console.log(`Conformance: ${operations} JSON write operations, ${calls} calls, ${mismatches.length} mismatches`);
    expect(mismatches).toEqual([]);
    expect(operations).toBeGreaterThan(40);
  }, 240_000);

  it('answers a missing id with the documented 404 and a 5,000-digit one with the documented 414, on every path with an id', async () => {
    const token = await fx.t.tokenFor('admin@demo.test');
    const mismatches: string[] = [];
    let calls = 0;
    let missing = 0;
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      if (!path.includes('{id}')) continue;
      for (const method of METHODS.filter((m) => item[m])) {
        const call = (id: string) =>
          fx.t.app.inject({ method: method.toUpperCase() as 'GET', url: path.replace('{id}', id), headers: { authorization: `Bearer ${token}` } });
        calls += 2;
        const long = await call('9'.repeat(5000));
        const invalid = long.statusCode === 414 ? validates(path, method, '414', long.json()) : `answered ${long.statusCode}`;
        if (invalid) mismatches.push(`${method.toUpperCase()} ${path} (5,000 digits): ${invalid}`);
        // A body-less call may be refused for its body first (400); a 404 must be the documented one.
        const absent = await call(path.startsWith('/api/history/{id}') ? '00000000-0000-4000-8000-000000000000' : '2147483000');
        const status = String(absent.statusCode);
        if (!item[method].responses[status]) mismatches.push(`${method.toUpperCase()} ${path} (missing id): status ${status} is not documented`);
        else if (status === '404') {
          missing += 1;
          const wrong = validates(path, method, '404', absent.json());
          if (wrong) mismatches.push(`${method.toUpperCase()} ${path} (missing id): ${wrong}`);
        }
      }
    }
    console.log(`Ids: ${calls} calls (${missing} answered 404), ${mismatches.length} mismatches`);
    expect(missing).toBeGreaterThan(15);
    expect(mismatches).toEqual([]);
    const one = await fx.t.app.inject({ url: `/api/shift/${'9'.repeat(5000)}`, headers: { authorization: `Bearer ${token}` } });
    expect(one.json()).toEqual({ message: OWN_MSG.addressTooLong });
  });
});

describe('HEAD, as the document says', () => {
  it('answers HEAD on every GET route as its GET does, status and content type, without a body', async () => {
    const token = await fx.t.tokenFor('admin@demo.test');
    const mismatches: string[] = [];
    let routes = 0;
    for (const [route, build] of Object.entries(ROUTE_CALLS).filter(([route]) => route.startsWith('GET '))) {
      const call = await build(fx);
      const get = await send(fx.t, 'GET', call, token);
      const head = await send(fx.t, 'HEAD', call, token);
      routes += 1;
      const type = (r: typeof get) => String(r.headers['content-type'] ?? '').split(';')[0];
      if (head.statusCode !== get.statusCode || type(head) !== type(get) || head.rawPayload.length) {
        mismatches.push(`${route}: GET ${get.statusCode} ${type(get)}, HEAD ${head.statusCode} ${type(head)} with ${head.rawPayload.length} bytes`);
      }
    }
    expect(routes).toBeGreaterThan(40);
    expect(mismatches).toEqual([]);
    expect(doc.info.description).toContain('Every GET also answers HEAD');
  });
});

function jsonPointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1').replaceAll('{', '%7B').replaceAll('}', '%7D');
}
