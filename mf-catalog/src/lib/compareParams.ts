import { COMPARE_MAX } from '@usedcars/shared-contract';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cars `/compare?ids=…` names: ids only, each once, three at most (docs/product.md, "Compare"). */
export function readCompareIds(params: URLSearchParams): string[] {
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => ID.test(id));
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}
