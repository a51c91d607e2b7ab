import { errorDetails } from './errorDetails';

const withStack = (message: string, stack: string) => Object.assign(new Error(message), { stack });

describe('errorDetails', () => {
  it("reads Chrome's frames, named and not, async too, and leaves out eval frames and the query", () => {
    const thrown = withStack(
      'Cannot read properties of undefined (reading "price")',
      [
        'TypeError: Cannot read properties of undefined (reading "price")',
        '    at CarDetailPage (https://api.example.com/release-files/catalog/0.1.0-3f2a9c81d0/static/js/async/812.4f3a2b1c.js?v=2:1:4521)',
        '    at eval (eval at render (https://www.example.com/main.js:1:2), <anonymous>:3:4)',
        '    at async loadCar (https://www.example.com/static/js/main.0badc0de.js:2:77)',
        '    at https://www.example.com/static/js/main.0badc0de.js:2:90',
      ].join('\n'),
    );
    expect(errorDetails(thrown)).toEqual({
      message: 'Cannot read properties of undefined (reading "price")',
      frames: [
        { file: 'https://api.example.com/release-files/catalog/0.1.0-3f2a9c81d0/static/js/async/812.4f3a2b1c.js', line: 1, column: 4521, fn: 'CarDetailPage' },
        { file: 'https://www.example.com/static/js/main.0badc0de.js', line: 2, column: 77, fn: 'loadCar' },
        { file: 'https://www.example.com/static/js/main.0badc0de.js', line: 2, column: 90 },
      ],
    });
  });

  it("reads Firefox's and Safari's frames, and a server's paths as file addresses", () => {
    const firefox = withStack('x is null', 'render@https://www.example.com/a.js:10:20\n@https://www.example.com/b.js:1:2\n');
    expect(errorDetails(firefox).frames).toEqual([
      { file: 'https://www.example.com/a.js', line: 10, column: 20, fn: 'render' },
      { file: 'https://www.example.com/b.js', line: 1, column: 2 },
    ]);
    const node = withStack('boom', 'Error: boom\n    at Page (/srv/site/shell/dist/server/main.js:5:6)\n    at node:internal/process/task_queues:95:5');
    expect(errorDetails(node).frames).toEqual([{ file: 'file:///srv/site/shell/dist/server/main.js', line: 5, column: 6, fn: 'Page' }]);
  });

  it('keeps 5 frames and 300 characters of a message on one line, and takes what is not an Error', () => {
    const frames = Array.from({ length: 9 }, (_, i) => `    at f${i} (https://www.example.com/a.js:1:${i + 1})`).join('\n');
    const long = errorDetails(withStack(`first line\n\tsecond ${'x'.repeat(400)}`, `Error\n${frames}`));
    expect(long.frames.map((frame) => frame.fn)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4']);
    expect(long.message).toHaveLength(300);
    expect(long.message.startsWith('first line second xx')).toBe(true);
    expect(errorDetails('a string was thrown')).toEqual({ message: 'a string was thrown', frames: [] });
    expect(errorDetails(undefined)).toEqual({ message: 'undefined', frames: [] });
    const longFile = withStack('m', `Error\n    at f (https://www.example.com/${'a'.repeat(300)}.js:1:1)`);
    expect(errorDetails(longFile).frames).toEqual([]);
  });
});
