/**
 * Ours, not Firebase's: the identity service knows the person but the API has no user record,
 * because their sign-up stopped half-way. Registering again with the same details finishes it.
 */
export const UNFINISHED_SIGN_UP = 'usedcars/unfinished-sign-up';
