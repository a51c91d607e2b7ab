import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { describeIssues } from '@usedcars/shared-contract';

/** An expected refusal: its message is meant for the person using the site. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response fields old clients read, e.g. `acknowledged: false` on a refused booking. */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Sign in first: a valid bearer token is required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
/** Retry-After in whole seconds, as the header takes it; the message says the same in words. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new HttpError(429, message, {}, { 'retry-after': String(retryAfterSeconds) });
/** A service we depend on failed; the message says what that means for the person, the cause is logged. */
export const badGateway = (message: string, cause: unknown) => Object.assign(new HttpError(502, message), { cause });

/** Fastify's own client errors, in words a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, (error: FastifyError, limit: number) => [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => [400, 'The body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: () => [400, 'The body is empty but Content-Type is application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, limit) => [413, `The body is larger than ${Math.round(limit / 1024)} KB`],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => [415, 'Send the body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => [400, 'Content-Length does not match the body'],
};

/**
 * Fastify's refusals made before a route is found (an address part past maxParamLength: 414, a
 * broken %-escape: 400), as `{ message }` like every other refusal, with the usual headers.
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the address is too long' : 'The address is not valid: it has a broken %-escape';
    void reply
      .code(error.statusCode ?? 400)
      .headers(headers)
      .send({ message });
  };
}

/** Every error leaves as `{ message }` with a 4xx, or a bare 500; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? 'is invalid',
      }));
      return reply.code(400).send({ message: describeIssues(issues) });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.extra, message: error.message });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, message] = known(error, request.routeOptions.bodyLimit ?? bodyLimitBytes);
      return reply.code(status).send({ message });
    }
    if (error instanceof SyntaxError) return reply.code(400).send({ message: 'The body is not valid JSON' });
    const status = error.statusCode ?? 500;
    if (status < 500 && !isResponseSerializationError(error)) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on the server' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
