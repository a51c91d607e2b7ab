import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorPanel } from './ErrorPanel';

test('says what failed and why, and Retry loads again', async () => {
  const retry = jest.fn();
  render(<ErrorPanel title="We could not load my orders." message="The server responded with 502 Bad Gateway" onRetry={retry} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('We could not load my orders. The server responded with 502 Bad Gateway');
  await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(retry).toHaveBeenCalledTimes(1);
});

test('while a retry runs the button says so, keeps its focus and ignores more clicks', async () => {
  const retry = jest.fn();
  render(<ErrorPanel message="Offline" onRetry={retry} retrying />);
  const button = screen.getByRole('button', { name: 'Retrying…' });
  expect(button).toHaveAttribute('aria-disabled', 'true');
  await userEvent.setup().click(button);
  expect(button).toHaveFocus();
  expect(retry).not.toHaveBeenCalled();
});

test("a failure that would be refused the same way again offers no button; the label can be the page's own", () => {
  const { rerender } = render(<ErrorPanel message="We could not find this booking." />);
  expect(screen.getByRole('alert')).toHaveTextContent(/^We could not find this booking\.$/);
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  rerender(<ErrorPanel message="Offline" onRetry={() => undefined} retryLabel="Try again" />);
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
