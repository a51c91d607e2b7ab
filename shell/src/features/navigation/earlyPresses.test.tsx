import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { until } from '../../../../jest/until';
import { holdEarlyPresses } from './earlyPresses';

/** A counter as the server rendered it: the page's button before and after React hydrates it. */
function Counter() {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" onClick={() => setPresses((count) => count + 1)}>
      Pressed {presses}
    </button>
  );
}

function serverRendered(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-server-rendered', '');
  root.innerHTML = renderToString(<Counter />);
  document.body.append(root);
  return root;
}

// React's act() is used directly here, without Testing Library, which would set this.
beforeAll(() => Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true }));

/** React's pending work flushed, then the button read, until it shows `text`. */
const showing = (button: HTMLElement, text: string) =>
  until(
    async () => {
      await act(async () => undefined);
      return button.textContent;
    },
    (now) => now === text,
    `the button showing "${text}"`,
  );

test('a press made before the page hydrated is made again once it has, exactly once', async () => {
  const root = serverRendered();
  holdEarlyPresses(root);
  const button = root.querySelector('button')!;
  const seen = jest.fn();
  root.addEventListener('click', seen);

  button.click();
  expect(seen).not.toHaveBeenCalled(); // held: nothing on the page acts on it yet

  let page: Root | undefined;
  await act(async () => {
    page = hydrateRoot(root, <Counter />);
  });
  await showing(button, 'Pressed 1');
  expect(button).toHaveTextContent('Pressed 1');
  expect(button.isConnected).toBe(true);

  act(() => button.click()); // after hydration a press goes straight to React
  await showing(button, 'Pressed 2');
  expect(button).toHaveTextContent('Pressed 2');
  act(() => page!.unmount());
});
