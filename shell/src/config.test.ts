import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readRuntimeConfig } from '@usedcars/federation/config';

/**
 * public/config.json is what the shell ships beside index.html (startPage loads it through
 * @usedcars/federation/config's loadRuntimeConfig, which reads it with readRuntimeConfig). As shipped it is the
 * local set-up, so `npm start` signs in against the Auth emulator: shared-auth honours an
 * emulator only for a demo- project, and this file must stay one.
 */
test("the shell's shipped config.json keeps the local emulator", () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const shipped = JSON.parse(readFileSync(path.join(__dirname, '..', 'public', 'config.json'), 'utf8'));
  expect(readRuntimeConfig(shipped)).toMatchObject({ authEmulatorUrl: 'http://127.0.0.1:9099', firebase: { projectId: 'demo-usedcars' } });
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
});
