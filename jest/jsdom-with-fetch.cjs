/**
 * jsdom plus the fetch every browser has and jsdom lacks (Node's own), for the few tests whose
 * code talks to a real local server from "the browser", e.g. the identity adapter against the
 * Auth emulator. A file opts in with the docblock pragma `@jest-environment ../jest/jsdom-with-fetch.cjs`.
 * Not the default: elsewhere a fetch no test responds to should fail loudly, not reach a server.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { fetch, Headers, Request, Response });
  }
}

module.exports = JsdomWithFetch;
