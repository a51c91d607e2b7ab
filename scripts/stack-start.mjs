#!/usr/bin/env node
/**
 * `npm run stack`: the production shape on one machine (docs/operate-production.md). Prints one line per part,
 * then `stack ready`; Ctrl-C stops everything in order.
 */
import path from 'node:path';
import { AlreadyRunningError, PortsInUseError, ROOT, StartFailedError } from './site.mjs';
import { stopOnSignals } from './processes.mjs';
import { stackPorts, startStack } from './stack.mjs';

const dataDir = path.resolve(ROOT, process.env.STACK_DATA_DIR || path.join('.data', 'stack'));
const startUp = new AbortController();
let stack = null;
stopOnSignals(startUp, () => stack);

try {
  stack = await startStack({ ports: stackPorts(), dataDir, quiet: process.env.STACK_VERBOSE !== '1', signal: startUp.signal });
} catch (error) {
  if (startUp.signal.aborted) {
    console.log('stopped before the stack was running.');
    process.exit(130);
  }
  if (error instanceof PortsInUseError)
    console.error(`${error.message}\n  Stop that program, or move the stack: STACK_PORT=… STACK_PARTS_PORT=… npm run stack`);
  else if (error instanceof AlreadyRunningError || error instanceof StartFailedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}

for (const part of stack.parts) console.log(`${part.name} ${part.address} pid ${part.pid}`);
console.log(`public addresses: pages ${stack.publicAddresses.pages}, API ${stack.publicAddresses.api}, files ${stack.publicAddresses.files}`);
// Every part inherits the standard OTEL_ variables (docs/operations.md, "Traces").
const traces = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (traces) console.log(`traces: the render servers and API instances send theirs to ${traces} (OTLP/HTTP)`);
console.log(`each part's output: ${path.relative(process.cwd(), stack.logDir) || stack.logDir}`);
console.log('stack ready');
