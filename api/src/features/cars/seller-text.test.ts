import { CATEGORY_PATHS, PRICE_MAX, type Booking, type Car, type User } from '@usedcars/shared-contract';
import { type Account, UNSTATED, describeEachDriver, sampleCar } from '../../../test/helpers';

/**
 * What sellers and buyers type comes back exactly as typed: right-to-left scripts, Bengali, CJK,
 * emoji sequences, and the characters of markup and SQL, which are text (docs/api.md, "Text").
 */
const WRITINGS = {
  arabic: 'شارع الملك فهد، الرياض',
  hebrew: 'רחוב הרצל 12, תל אביב',
  bengali: 'ঢাকা, বাংলাদেশ — গুলশান ২',
  cjk: '東京都渋谷区 서울 北京',
  emoji: '🚗💨 👩🏽‍🔧 🇧🇩 ❤️',
  markup: `<script>alert("x")</script> & <b>bold</b> 'quoted' "double" &amp; &lt;`,
  mixed: 'Toyota تويوتا 🚙 <4x4> & "GR"',
  longWord: `https://example.com/${'a1b2c3'.repeat(16)}`,
};

describeEachDriver('seller text', (api) => {
  let seller: Account;
  beforeAll(async () => {
    seller = await api().account('Seller', `${WRITINGS.arabic} 🚗 <O'Neil & "Sons">`);
  });

  it('keeps every text field of a car exactly, through the car, the brand list and the seller list', async () => {
    const fields = {
      carName: WRITINGS.mixed,
      details: Object.values(WRITINGS).join('\n'),
      location: `${WRITINGS.arabic} ${WRITINGS.emoji}`,
      contact: `+880 1711 000000 ${WRITINGS.bengali}`,
      condition: WRITINGS.hebrew,
      used: WRITINGS.cjk,
    };
    const id = await api().addCar(seller, { categoryName: 'honda', ...fields });
    const one = (await api().inject({ method: 'GET', url: `/hondas/${id}` })).json<Car>();
    expect(one).toEqual({
      ...sampleCar({ categoryName: 'honda', ...fields }),
      _id: id,
      sellerName: seller.name,
      status: 'available',
      photos: [],
      priceHistory: [{ price: 21_500, at: expect.any(String) }],
      ...UNSTATED,
    });
    const list = (await api().inject({ method: 'GET', url: '/hondas?limit=100' })).json<Car[]>();
    expect(list.find((car) => car._id === id)).toEqual(one);
    const mine = await api().inject({ method: 'GET', url: CATEGORY_PATHS.honda.apiSellerCollection, headers: seller.auth });
    expect(mine.json<Car[]>().find((car) => car._id === id)).toEqual(one);
  });

  it("keeps a buyer's name and meeting address exactly, for the buyer and for the seller", async () => {
    const buyer = await api().account('Buyer', `${WRITINGS.hebrew} ${WRITINGS.emoji} <i>&</i>`);
    const carId = await api().addCar(seller, { carName: WRITINGS.mixed });
    const address = `${WRITINGS.arabic}\n${WRITINGS.bengali} ${WRITINGS.emoji} ${WRITINGS.markup}`;
    const booked = await api().inject({ method: 'POST', url: '/bookings', headers: buyer.auth, payload: { carId, phone: '+966 11 000 0000', address } });
    expect(booked.statusCode).toBe(201);
    const orders = (await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(buyer.email)}`, headers: buyer.auth })).json<Booking[]>();
    expect(orders).toEqual([expect.objectContaining({ name: buyer.name, address, carName: WRITINGS.mixed })]);
    const buyers = (await api().inject({ method: 'GET', url: '/myBuyers', headers: seller.auth })).json<Booking[]>();
    expect(buyers.find((booking) => booking.carId === carId)).toMatchObject({ name: buyer.name, address, carName: WRITINGS.mixed });
    const admin = await api().account('admin');
    const accounts = (await api().inject({ method: 'GET', url: '/user?role=Buyer', headers: admin.auth })).json<User[]>();
    expect(accounts.find((account) => account.email === buyer.email)?.name).toBe(buyer.name);
  });

  it('keeps text typed into the market features exactly: edits, saved searches, their alerts, reports and moderation reasons', async () => {
    const buyer = await api().account('Buyer');
    const admin = await api().account('admin');
    const typed = `${WRITINGS.mixed} ${WRITINGS.emoji}`;
    const saved = await api().inject({
      method: 'POST',
      url: '/saved-searches',
      headers: buyer.auth,
      payload: { name: WRITINGS.markup, filters: { category: 'mercedes', q: 'تويوتا', location: WRITINGS.arabic } },
    });
    expect(saved.json()).toMatchObject({ name: WRITINGS.markup, filters: { q: 'تويوتا', location: WRITINGS.arabic } });
    const carId = await api().addCar(seller, { categoryName: 'mercedes', carName: typed, location: `${WRITINGS.arabic} 🚗` });
    const inbox = (await api().inject({ method: 'GET', url: '/notifications', headers: buyer.auth })).json<{ items: { text: string }[] }>();
    expect(inbox.items.map((item) => item.text)).toEqual([`New match for "${WRITINGS.markup}": ${typed} at $21,500`]);

    const edit = { details: Object.values(WRITINGS).join('\n'), location: WRITINGS.bengali, condition: WRITINGS.hebrew };
    const edited = await api().inject({ method: 'PATCH', url: `/mercedess/${carId}`, headers: seller.auth, payload: edit });
    expect(edited.json()).toMatchObject(edit);
    expect((await api().inject({ method: 'GET', url: `/mercedess/${carId}` })).json()).toMatchObject(edit);

    const report = await api().inject({ method: 'POST', url: '/reports', headers: buyer.auth, payload: { carId, reason: 'other', text: WRITINGS.markup } });
    expect(report.statusCode).toBe(201);
    const queue = (await api().inject({ method: 'GET', url: '/admin/reports', headers: admin.auth })).json<
      { carId: string; text: string; carName: string }[]
    >();
    expect(queue.find((entry) => entry.carId === carId)).toMatchObject({ text: WRITINGS.markup, carName: typed });
    await api().inject({ method: 'POST', url: `/admin/cars/${carId}/hide`, headers: admin.auth, payload: { reason: WRITINGS.cjk } });
    const log = (await api().inject({ method: 'GET', url: '/admin/audit-log', headers: admin.auth })).json<
      { targetId: string; reason: string; targetName: string }[]
    >();
    expect(log.find((entry) => entry.targetId === carId)).toMatchObject({ reason: WRITINGS.cjk, targetName: typed });
  });

  describe('search finds text of any script', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const cars = {
        arabic: { carName: 'مرسيدس بنز الفئة C', location: 'جدة' },
        bengali: { carName: 'হোন্ডা সিভিক', location: 'চট্টগ্রাম' },
        cjk: { carName: 'ホンダ フィット', location: '大阪市' },
        emoji: { carName: 'Civic 🛻🔋 Type R', location: 'Lisbon 🇵🇹' },
        greek: { carName: 'Ηonda ΑΘΗΝΑ edition', location: 'ΑΘΗΝΑ' },
        cyrillic: { carName: 'Хонда МОСКВА', location: 'МОСКВА' },
        accented: { carName: 'Honda ÉCOLE', location: 'ZÜRICH' },
        markup: { carName: '<b>Honda</b> & "Co"', location: "O'Hare" },
      };
      for (const [key, fields] of Object.entries(cars)) ids[key] = await api().addCar(seller, { categoryName: 'honda', ...fields });
    });
    const found = async (filter: 'q' | 'location', text: string) =>
      (await api().inject({ method: 'GET', url: `/hondas?limit=100&${filter}=${encodeURIComponent(text)}` })).json<Car[]>().map((car) => car._id);
    /** The car `key` is the one found by its name's words and by its place's. */
    const expectFoundBoth = async (key: string, q: string, location: string) => {
      expect(await found('q', q)).toEqual([ids[key]]);
      expect(await found('location', location)).toEqual([ids[key]]);
    };

    it.each([
      ['arabic', 'مرسيدس', 'جدة'],
      ['bengali', 'সিভিক', 'চট্টগ্রাম'],
      ['cjk', 'フィット', '大阪'],
      ['emoji', '🛻🔋', '🇵🇹'],
      // Markup in a query is only text: its words are searched ("honda", "co").
      ['markup', '<b>Honda</b> & "Co"', "o'hare"],
    ])('%s', expectFoundBoth);

    it.each([
      ['greek', 'αθηνα', 'αθηνα'],
      ['cyrillic', 'москва', 'москва'],
      ['accented', 'école', 'zürich'],
    ])('%s, whatever the letter case', expectFoundBoth);
  });

  describe('prices at their limits', () => {
    const priced = (currentPrice: unknown) =>
      api().inject({ method: 'POST', url: '/audis', headers: seller.auth, payload: { ...sampleCar(), currentPrice, price: PRICE_MAX } });

    it(`takes ${PRICE_MAX} and returns it as it was sent`, async () => {
      const created = await priced(PRICE_MAX);
      expect(created.statusCode).toBe(201);
      const car = (await api().inject({ method: 'GET', url: `/audis/${created.json<{ insertedId: string }>().insertedId}` })).json<Car>();
      expect(car).toMatchObject({ currentPrice: PRICE_MAX, price: PRICE_MAX });
    });

    it.each([
      [PRICE_MAX + 0.01, 'currentPrice must be at most 10,000,000 dollars'],
      [1e308, 'currentPrice must be at most 10,000,000 dollars'],
      [0, 'currentPrice must be a positive number'],
      [-1, 'currentPrice must be a positive number'],
      [0.001, 'currentPrice must be at least 0.01'],
      [12.345, 'currentPrice must be in dollars and whole cents (at most 2 decimals)'],
      ['100', 'currentPrice must be a number'],
    ])('refuses %p with a clear message', async (value, message) => {
      const refused = await priced(value);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
    });
  });
});
