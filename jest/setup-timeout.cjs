// See preset.cjs: the package's own timeout, applied even when jest runs from the root.
jest.setTimeout(globalThis.__TEST_TIMEOUT_MS__);
