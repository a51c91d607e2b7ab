import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Tracing, startTracing } from '@usedcars/shared-contract/tracing';

// docs/operations.md, "Traces".

/** The API's release: API_RELEASE as the deployment names it, or its package's version. */
function releaseOf(env: NodeJS.ProcessEnv): string {
  const own = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  return env.API_RELEASE?.trim() || own.version;
}

/** Each route (Fastify) and SQL statement (pg) as a span, when OTEL_EXPORTER_OTLP_ENDPOINT is set; nothing is loaded otherwise. */
export function startApiTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  return startTracing({ service: 'usedcars-api', release: releaseOf(env), instrument: ['http', 'fastify', 'pg'], ignorePaths: ['/health', '/metrics'], env });
}
