import { errorText } from './errorText';

test("an error's message, a non-empty string as it is, anything else as Unknown error", () => {
  expect(errorText(Object.assign(new Error('That car is already sold'), { status: 409 }))).toBe('That car is already sold');
  expect(errorText('The upload was too large')).toBe('The upload was too large');
  for (const other of ['', null, undefined, 42, { message: 'not an Error' }]) expect(errorText(other)).toBe('Unknown error');
});
