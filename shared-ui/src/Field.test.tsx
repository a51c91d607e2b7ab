import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, FormActions, Input, Select, TextArea } from './Field';

test('a field is named by its label and described by its hint', () => {
  render(
    <Field label="Phone Number" hint="A number the seller can call.">
      <Input type="tel" />
    </Field>,
  );
  const phone = screen.getByLabelText('Phone Number');
  expect(phone).toHaveAttribute('type', 'tel');
  expect(phone).toHaveAccessibleDescription('A number the seller can call.');
  expect(phone).not.toHaveAttribute('aria-invalid');
});

test('an error is read after the hint and marks the control invalid; fixed, both go', async () => {
  function PhoneForm() {
    const [phone, setPhone] = useState('');
    return (
      <Field label="Phone Number" hint="A number the seller can call." error={phone ? undefined : 'phone is required'}>
        <Input value={phone} onChange={(event) => setPhone(event.target.value)} />
      </Field>
    );
  }
  render(<PhoneForm />);
  const phone = screen.getByLabelText('Phone Number');
  expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(phone).toHaveAccessibleDescription('A number the seller can call. phone is required');
  expect(screen.getByText('phone is required')).toBeVisible();

  await userEvent.setup().type(phone, '5551234');
  expect(phone).not.toHaveAttribute('aria-invalid');
  expect(phone).toHaveAccessibleDescription('A number the seller can call.');
  expect(screen.queryByText('phone is required')).not.toBeInTheDocument();
});

test('a list and a text area are wired alike, and an id given to the field is the control’s', () => {
  render(
    <>
      <Field label="Buyer or Seller?" error="role is required">
        <Select defaultValue="">
          <option value="" disabled>
            Buyer or Seller?
          </option>
          <option>Buyer</option>
          <option>Seller</option>
        </Select>
      </Field>
      <Field label="Meeting Address" id="meeting-address">
        <TextArea />
      </Field>
    </>,
  );
  const role = screen.getByRole('combobox', { name: 'Buyer or Seller?' });
  expect(role).toHaveAccessibleDescription('role is required');
  expect(role).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('textbox', { name: 'Meeting Address' })).toHaveAttribute('id', 'meeting-address');
});

test('read-only and disabled controls say so', () => {
  render(
    <>
      <Field label="Your Email">
        <Input type="email" readOnly value="buyer@usedcars.test" />
      </Field>
      <Field label="Car Name">
        <Input disabled value="Audi Q5" />
      </Field>
    </>,
  );
  expect(screen.getByLabelText('Your Email')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Your Email')).toHaveValue('buyer@usedcars.test');
  expect(screen.getByLabelText('Car Name')).toBeDisabled();
});

test('a control outside a field is a plain control of the same look', () => {
  render(<Input aria-label="Search" />);
  expect(screen.getByRole('textbox', { name: 'Search' })).not.toHaveAttribute('aria-describedby');
});

test("a dialog form's actions cancel, submit, and both wait while the form is sending", async () => {
  const cancelled = jest.fn();
  const { rerender } = render(
    <form onSubmit={(event) => event.preventDefault()}>
      <FormActions pending={false} onCancel={cancelled} submit="Send report" sending="Sending…" />
    </form>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(cancelled).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Send report' })).toHaveAttribute('type', 'submit');

  rerender(
    <form>
      <FormActions pending onCancel={cancelled} submit="Send report" sending="Sending…" />
    </form>,
  );
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
});
