/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { authStore } from '@usedcars/shared-auth';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import CarDetailPage from './CarDetailPage';
import { makeCar, renderAt, signInAs } from '../../testing/renderCatalog';

const api = fakeApi();
const car = makeCar({ carName: 'Audi A6 Avant', sellerName: 'Sam Patel' });

function renderDetail() {
  return renderAt(
    `/audis/${car._id}`,
    <Routes>
      <Route path="/:brand/:id" element={<CarDetailPage category="audi" />} />
    </Routes>,
  );
}

beforeEach(() => {
  api.reply('GET', `/audis/${car._id}`, 200, car);
  api.reply('GET', '/favourites', 200, { cars: [], gone: [] });
  api.reply('POST', '/reports', 201, { insertedId: 'r1', message: 'Thank you: the moderators will look at this listing' });
});

test('a signed-in buyer reports with a reason and words; the dialog thanks them and the page remembers', async () => {
  const user = userEvent.setup();
  signInAs('Buyer');
  renderDetail();
  await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
  const dialog = screen.getByRole('dialog', { name: 'Report this listing' });
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(within(dialog).getByText('Choose a reason')).toBeInTheDocument();
  expect(api.sent('POST', '/reports')).toEqual([]);

  await user.click(within(dialog).getByRole('radio', { name: 'Looks like a scam' }));
  await user.type(within(dialog).getByLabelText('Anything the moderators should know (optional)'), 'Asks for a wire transfer');
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent("Thanks, we'll take a look");
  const [sent] = api.sent('POST', '/reports');
  expect(sent?.body).toEqual({ carId: car._id, reason: 'scam', text: 'Asks for a wire transfer' });
  expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByText('You reported this car.')).toHaveFocus();
  expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
  expect(api.undeclared).toEqual([]);
});

test('a second report of the same car says it was already reported (409); no text is sent when none is typed', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/reports', 409, { message: 'You have already reported this listing' });
  signInAs('Seller');
  renderDetail();
  await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('radio', { name: 'Already sold' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent('You already reported this car');
  expect(api.sent('POST', '/reports').map((request) => request.body)).toEqual([{ carId: car._id, reason: 'alreadySold' }]);
});

test('another failure is shown in the dialog and the choice stays', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/reports', 429, { message: 'You have sent 20 reports in the last hour' });
  signInAs('Buyer');
  renderDetail();
  await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('radio', { name: 'Offensive content' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  // The alert region is there before the response; its text is what tells.
  await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('You have sent 20 reports in the last hour'));
  expect(within(dialog).getByRole('radio', { name: 'Offensive content' })).toBeChecked();
});

test("no Report for a signed-out visitor, nor for the car's own seller", async () => {
  signInAs('visitor');
  const { unmount } = renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Audi A6 Avant' });
  expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
  unmount();

  authStore.setState({ status: 'signedIn', user: { uid: 'u9', email: 'sam@usedcars.test', displayName: 'Sam Patel' }, role: 'Seller' });
  renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Audi A6 Avant' });
  expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
  // The car's page is public: it is read without a token.
  await waitFor(() => expect(api.sent('GET', `/audis/${car._id}`)).toHaveLength(2));
  expect(api.sent('GET', `/audis/${car._id}`).map((request) => request.headers.authorization)).toEqual([undefined, undefined]);
});
