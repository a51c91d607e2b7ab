import type { FakeResponse, HANG_UP, SentRequest, FakeApi } from '@usedcars/shared-api/testing';
import { CATEGORIES, CATEGORY_PATHS, FACET_NAMES, NEXT_CURSOR_HEADER, PREV_CURSOR_HEADER, TOTAL_COUNT_HEADER, type Car } from '@usedcars/shared-contract';

/** One page of a brand's list as a test describes it: the API sends the total and cursors as headers. */
export interface ListPage {
  cars: Car[];
  total: number;
  next?: string;
  prev?: string;
}

const LIST_PATHS = CATEGORIES.map((category) => CATEGORY_PATHS[category].apiCollection);

/**
 * The fake API responds to every brand's list (GET /audis, /hondas, /mercedess) with `page(query)`:
 * the cars as a JSON array with X-Total-Count and the cursors' headers, as the API does
 * (docs/api.md, "GET /audis"); a `Response` (a refusal, HANG_UP) is sent as it is.
 */
export function serveBrandLists(api: FakeApi, page: (query: SentRequest['query']) => ListPage | FakeResponse | typeof HANG_UP) {
  // The facets beside the list: none to offer, as for a brand whose cars state no facts.
  api.reply('GET', '/search/facets', 200, { total: 0, facets: Object.fromEntries(FACET_NAMES.map((name) => [name, []])) });
  for (const path of LIST_PATHS) {
    api.reply('GET', path, ({ query }) => {
      const response = page(query);
      if (typeof response === 'string' || !('cars' in response)) return response;
      const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(response.total) };
      if (response.next) headers[NEXT_CURSOR_HEADER] = response.next;
      if (response.prev) headers[PREV_CURSOR_HEADER] = response.prev;
      return { status: 200, body: response.cars, headers };
    });
  }
}

/** The requests of this test for a brand's list, in order. */
export function listRequests(api: FakeApi): SentRequest[] {
  return api.requests.filter((request) => request.method === 'GET' && LIST_PATHS.includes(request.path));
}
