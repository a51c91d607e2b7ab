import { randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import { expect, test } from '../support/test';
import { SITE, STACK_PORTS } from '../support/site';
import { prometheus } from './stack';

/**
 * One trace per request (docs/operations.md, "Traces"): a page asked for through the public address with a traceparent
 * yields, at an OTLP/HTTP receiver standing in for a tracing backend, the render server's spans, the API's and its
 * SQL statements', all under that trace, each part naming its release.
 */

interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface ReceivedSpan {
  service: string;
  release: string;
  environment: string;
  traceId: string;
  name: string;
  attributes: Record<string, string | number | boolean | undefined>;
}
interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: Attribute[] };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; name: string; attributes?: Attribute[] }> }>;
  }>;
}

const valueOf = ({ value }: Attribute) => value.stringValue ?? value.intValue ?? value.boolValue;
const attributesOf = (list: Attribute[] = []) => Object.fromEntries(list.map((attribute) => [attribute.key, valueOf(attribute)]));

/** What the exporters send (JSON, the OTLP/HTTP exporter's encoding), flattened to one entry per span. */
function flatten(request: ExportRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap(({ resource, scopeSpans = [] }) => {
    const own = attributesOf(resource?.attributes);
    return scopeSpans.flatMap(({ spans = [] }) =>
      spans.map((span) => ({
        service: String(own['service.name']),
        release: String(own['service.version'] ?? ''),
        environment: String(own['deployment.environment.name'] ?? ''),
        traceId: span.traceId,
        name: span.name,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

let receiver: Server;
const received: ReceivedSpan[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces' && /json/.test(request.headers['content-type'] ?? '')) {
        received.push(...flatten(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportRequest));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(STACK_PORTS.traces, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const inTrace = (traceId: string) => received.filter((span) => span.traceId === traceId);
/** A search no other request made: past both caches, so the page is rendered and its loader reads the API. */
const freshSearch = () => `${SITE.shell}/search?maxPrice=${900_000 + Math.floor(Math.random() * 99_999)}`;

test('a page request with a traceparent yields the render server’s, the API’s and PostgreSQL’s spans under that trace, with their releases', async () => {
  const traceId = randomBytes(16).toString('hex');
  const response = await fetch(freshSearch(), { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
  expect(response.status).toBe(200);
  await response.text();
  // Devtools show the trace: the page's Server-Timing names it, beside the telemetry token.
  expect(response.headers.get('server-timing')).toContain(`trace;desc="${traceId}"`);

  const services = () => [...new Set(inTrace(traceId).map((span) => span.service))].sort();
  await expect.poll(services, { timeout: 30_000 }).toEqual(['usedcars-api', 'usedcars-render']);
  // The screen, its loader and its module, the module's release named: the spans that end last come in a later export.
  await expect
    .poll(() => inTrace(traceId).map((span) => span.name), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['render', 'screen catalog/SearchPage', 'loader catalog/SearchPage', 'load catalog/SearchPage']));
  const load = inTrace(traceId).find((span) => span.service === 'usedcars-render' && span.name === 'load catalog/SearchPage');
  expect(load?.attributes['usedcars.release']).toMatch(/\S/);
  // The API's route and the statements it ran.
  await expect
    .poll(() => inTrace(traceId).filter((span) => span.attributes['db.system'] === 'postgresql' || span.attributes['db.system.name'] === 'postgresql').length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  for (const span of inTrace(traceId)) {
    expect(span.release, `${span.service}'s release`).toMatch(/\S/);
    expect(span.environment).toBe('stack');
  }
});

test('pages requested without a traceparent: the balancer samples a share of them, and a sampled one is named by its page and carried by the API’s duration as its exemplar', async () => {
  // The stack samples a twentieth of the traces it starts (docs/performance.md, "Tracing"): pages until one of each.
  const named: Array<string | undefined> = [];
  for (let sent = 0; sent < 400 && !(named.includes(undefined) && named.some(Boolean)); sent += 1) {
    const response = await fetch(freshSearch());
    expect(response.status).toBe(200);
    await response.text();
    named.push(/trace;desc="([0-9a-f]{32})"/.exec(response.headers.get('server-timing') ?? '')?.[1]);
  }
  expect(named, 'some pages left out of the sample name no trace').toContain(undefined);
  const traceId = named.find(Boolean);
  expect(traceId, 'the balancer started a sampled trace').toBeDefined();
  await expect.poll(() => inTrace(traceId!).some((span) => span.service === 'usedcars-api'), { timeout: 30_000 }).toBe(true);
  // Prometheus keeps the trace id beside the API's request durations (its exemplar storage).
  const exemplars = async () => {
    const query = encodeURIComponent('http_request_duration_seconds_bucket{job="api"}');
    const body = (await (
      await fetch(`${prometheus()}/api/v1/query_exemplars?query=${query}&start=${Date.now() / 1000 - 600}&end=${Date.now() / 1000 + 60}`)
    ).json()) as {
      data: Array<{ exemplars: Array<{ labels: Record<string, string> }> }>;
    };
    return body.data.flatMap((series) => series.exemplars.map((exemplar) => exemplar.labels.trace_id));
  };
  await expect.poll(exemplars, { timeout: 30_000 }).toContain(traceId);
});
