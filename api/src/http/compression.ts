import zlib from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { ZodApp } from '../context';

const JSON_TYPE = /^application\/json/;

/** Responses smaller than this go plain: compressing them saves less than it costs (docs/api.md, "Compression"). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON responses only: the change stream (text/event-stream) must reach its listeners event by event,
 * and photos are already compressed pictures (docs/api.md, "Compression").
 */
const compressionOptions: FastifyCompressOptions = {
  customTypes: JSON_TYPE,
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  // Quality 4 of 11: each response is compressed as it is sent, where the top qualities cost many times the time for a few per cent.
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  // Requests stay as they were: no client sends a compressed body, so none is unpacked.
  globalDecompression: false,
};

/** Compresses every route registered after it; before the routes, as it hooks onto each one. */
export async function registerCompression(app: ZodApp): Promise<void> {
  // customTypes only adds to the types mime-db calls compressible (SVG, scripts, styles); the plugin skips requests marked so.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) request.headers['x-no-compression'] = 'not JSON';
    done(null, payload);
  });
  await app.register(compress, compressionOptions);
}
