import { CATEGORIES, carDetailPath, carOfPath } from './categories';

const ID = '0b6c1c57-4f0e-4a53-9d38-5f1b0a2f9c11';

test("every make's car page address reads back as that make's car", () => {
  for (const category of CATEGORIES) {
    expect(carOfPath(carDetailPath(category, ID))).toEqual({ category, id: ID });
    expect(carOfPath(`${carDetailPath(category, ID)}?utm_source=mail#photos`)).toEqual({ category, id: ID });
    expect(carOfPath(`${carDetailPath(category, ID)}/`)).toEqual({ category, id: ID });
  }
});

test('the irregular Mercedes paths: the list is /mercedes, a car is /mercedess/<id>', () => {
  expect(carOfPath(`/mercedess/${ID}`)).toEqual({ category: 'mercedes', id: ID });
  expect(carOfPath(`/mercedes/${ID}`)).toBeNull();
});

test('case does not matter to the route, and the id comes back in lower case', () => {
  expect(carOfPath(`/AUDIS/${ID.toUpperCase()}`)).toEqual({ category: 'audi', id: ID });
});

test('any other address is no car', () => {
  for (const address of [
    '/',
    '/audis',
    '/audis/',
    '/audis/not-an-id',
    `/audis/${ID}/photos`,
    `/dashboard/${ID}`,
    `/dashboard/payment/${ID}`,
    `//audis/${ID}`,
    `/audis/${ID}%0d%0aSurrogate-Key:%20everything`,
    `/audis/${ID}\r\nSurrogate-Key: everything`,
  ]) {
    expect(carOfPath(address)).toBeNull();
  }
});
