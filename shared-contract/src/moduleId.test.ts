import { EXPOSED_MODULES, exposesOf } from './screens';
import { parseModuleId } from './moduleId';

test('a module id names its remote and the module inside it', () => {
  expect(parseModuleId('catalog/CarDetailPage')).toEqual({ remote: 'catalog', module: 'CarDetailPage' });
  expect(parseModuleId('checkout/BookingDialog')).toEqual({ remote: 'checkout', module: 'BookingDialog' });
});

test('every exposed module parses back to its own id', () => {
  for (const id of EXPOSED_MODULES) {
    const { remote, module } = parseModuleId(id);
    expect(`${remote}/${module}`).toBe(id);
    expect(module).not.toContain('/');
  }
});

test("a remote's webpack exposes name each of its modules and no other remote's", () => {
  expect(exposesOf('checkout')).toEqual({
    './PaymentPage': './src/exposed/PaymentPage.tsx',
    './BookingDialog': './src/exposed/BookingDialog.tsx',
    './loaders': './src/exposed/loaders.ts',
  });
});
