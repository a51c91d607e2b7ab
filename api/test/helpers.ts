/** What every API test file imports: one entry over the files that each hold one kind of helper. */
export * from './databases';
export * from './holdable-db';
export * from './samples';
export * from './test-api';
export * from './test-config';
export * from './telemetry';
export { until } from '../../jest/until';
