import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SITE } from './site';

/** A car as the API's brand lists return it (the fields the specs read). */
export interface ListedCar {
  _id: string;
  carName: string;
  sellerName: string;
  currentPrice: number;
  status: 'available' | 'booked' | 'sold';
}

/** The signed-in page's access token, where the site keeps it (docs/product.md, "Signing in"). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token, 'the access token is kept under accessToken').toBeTruthy();
  return token!;
}

/** Books a car through the API (the dialog has its own specs); returns the booking's id. */
export async function bookThroughApi(request: APIRequestContext, token: string, carId: string, address = '7 Payment Plaza, Springfield'): Promise<string> {
  const booked = await request.post(`${SITE.api}/bookings`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { carId, phone: '+1 415 555 0177', address },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { insertedId: string }).insertedId;
}

/** Types a card into the test gateway's card element, as a person would: number, 12/34, 123. */
export async function fillCard(page: Page, number: string): Promise<void> {
  const cardNumber = page.getByRole('textbox', { name: 'Card number' });
  await cardNumber.fill('');
  await cardNumber.pressSequentially(number);
  const expiry = page.getByRole('textbox', { name: 'Expiration date' });
  await expiry.fill('');
  await expiry.pressSequentially('1234');
  const cvc = page.getByRole('textbox', { name: 'CVC' });
  await cvc.fill('');
  await cvc.pressSequentially('123');
}
