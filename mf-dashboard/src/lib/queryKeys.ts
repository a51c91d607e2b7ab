// The keys live beside the screens' loaders, so the shell starts a screen's data under the keys its hooks read.
export { dashboardKeys } from '@usedcars/shared-api/loaders';
