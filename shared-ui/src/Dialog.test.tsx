import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog';

/** A page with a button that opens a dialog; the page closes it when asked, unless told to hold on. */
function Page({ refuseToClose = false, onClose = () => undefined }: { refuseToClose?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const name = useRef<HTMLInputElement>(null);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Book Now
      </button>
      {open && (
        <Dialog
          title="Add your info"
          initialFocus={name}
          onClose={() => {
            onClose();
            if (!refuseToClose) setOpen(false);
          }}
        >
          <label>
            Your Name
            <input ref={name} />
          </label>
          <button type="button">ADD</button>
        </Dialog>
      )}
    </main>
  );
}

async function openDialog(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  await user.click(screen.getByRole('button', { name: 'Book Now' }));
  return { user, dialog: screen.getByRole<HTMLDialogElement>('dialog', { name: 'Add your info' }) };
}

test('opens as a modal dialog named by its title, with the focus where the owner asked', async () => {
  const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
  const { dialog } = await openDialog();
  expect(showModal).toHaveBeenCalledTimes(1);
  expect(dialog).toHaveAttribute('open');
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByRole('heading', { level: 2, name: 'Add your info' })).toBeInTheDocument();
  expect(screen.getByLabelText('Your Name')).toHaveFocus();
  showModal.mockRestore();
});

test('Tab and Shift+Tab go round inside the dialog', async () => {
  const { user } = await openDialog();
  const close = screen.getByRole('button', { name: 'Close' });
  const add = screen.getByRole('button', { name: 'ADD' });
  await user.tab();
  expect(add).toHaveFocus();
  await user.tab();
  expect(close).toHaveFocus();
  await user.tab({ shift: true });
  expect(add).toHaveFocus();
});

test('Escape and the × ask the owner to close; focus goes back to the button that opened it', async () => {
  const onClose = jest.fn();
  const { user } = await openDialog({ onClose });
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Book Now' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Book Now' }));
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Book Now' })).toHaveFocus();
});

test('the owner decides: Escape does not close a dialog its owner keeps open', async () => {
  const onClose = jest.fn();
  const { user, dialog } = await openDialog({ onClose, refuseToClose: true });
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(dialog).toHaveAttribute('open');
  expect(screen.getByRole('dialog', { name: 'Add your info' })).toBe(dialog);
});

test('a close the page could not refuse shows the dialog again and asks the owner', async () => {
  const onClose = jest.fn();
  const { dialog } = await openDialog({ onClose, refuseToClose: true });
  dialog.close();
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(dialog).toHaveAttribute('open');
});

test('the page behind does not scroll while the dialog is open', async () => {
  document.documentElement.style.overflow = 'auto';
  const { user } = await openDialog();
  expect(document.documentElement.style.overflow).toBe('hidden');
  await user.keyboard('{Escape}');
  expect(document.documentElement.style.overflow).toBe('auto');
});
