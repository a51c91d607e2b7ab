// Every jsdom test file starts as a page the shell connected to the local settings (startPage does
// the same in the browser; shell/src/app/startPage.test.tsx proves it). Required in beforeAll, after
// the test file's jest.mock calls, so a mocked federation runtime reaches the page's modules too.
beforeAll(() => {
  const { connect } = require('@usedcars/federation') as typeof import('@usedcars/federation');
  const { LOCAL_RUNTIME_CONFIG } = require('@usedcars/federation/config') as typeof import('@usedcars/federation/config');
  const { pageSession } = require('@usedcars/shared-auth') as typeof import('@usedcars/shared-auth');
  const { runtimeRegistry } = require('@usedcars/federation/runtime') as typeof import('@usedcars/federation/runtime');
  connect({ config: LOCAL_RUNTIME_CONFIG, session: pageSession, registry: runtimeRegistry() });
});
