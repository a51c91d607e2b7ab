// One formatter for the screens and the API's mails: it lives in the contract.
export { formatPrice } from '@usedcars/shared-contract/money';
