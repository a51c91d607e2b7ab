import { act, renderHook } from '@testing-library/react';
import { useOneAtATime } from './useOneAtATime';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The frame and the task after which a part's turn moves on. */
const paint = () => jest.advanceTimersByTime(50);

test('each part is allowed once the one before it says it is done and has been painted', () => {
  const { result } = renderHook(() => useOneAtATime(3));
  expect(result.current.allowed).toBe(1);
  act(() => result.current.done(0));
  expect(result.current.allowed).toBe(1);
  act(paint);
  expect(result.current.allowed).toBe(2);
  act(() => result.current.done(1));
  act(paint);
  expect(result.current.allowed).toBe(3);
  act(() => result.current.done(2));
  act(paint);
  expect(result.current.allowed).toBe(3);
});

test('a part saying done again before its move is rendered does not hold up the next part', () => {
  const { result } = renderHook(() => useOneAtATime(3));
  act(() => result.current.done(0));
  act(() => {
    paint();
    // The move is queued, not rendered yet: the first part's effect runs again meanwhile.
    result.current.done(0);
  });
  expect(result.current.allowed).toBe(2);
  act(() => result.current.done(1));
  act(paint);
  expect(result.current.allowed).toBe(3);
});

test('an earlier part saying done again changes nothing', () => {
  const { result } = renderHook(() => useOneAtATime(3));
  act(() => result.current.done(0));
  act(paint);
  act(() => result.current.done(0));
  act(paint);
  expect(result.current.allowed).toBe(2);
});
