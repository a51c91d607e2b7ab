// The dashboard's tests use the shared fixtures under their short names.
export { bookingFixture as booking, carFixture as car } from '@usedcars/shared-ui/testing';
