import { screenOf } from './telemetry';

test("each address is counted under the screen the route table shows there, and that screen's remote", () => {
  expect(screenOf('/')).toEqual({ screen: 'catalog/HomePage', remote: 'catalog' });
  expect(screenOf('/audis')).toEqual({ screen: 'catalog/BrandListPage', remote: 'catalog' });
  expect(screenOf('/Audis/0b6f3c1e-0000-4000-8000-000000000000')).toEqual({ screen: 'catalog/CarDetailPage', remote: 'catalog' });
  expect(screenOf('/login')).toEqual({ screen: 'LoginPage', remote: 'shell' });
  expect(screenOf('/no/such/page')).toEqual({ screen: 'NotFoundPage', remote: 'shell' });
  expect(screenOf('/dashboard')).toMatchObject({ remote: 'dashboard' });
  expect(screenOf('/dashboard/myProduct')).toMatchObject({ remote: 'dashboard' });
});
