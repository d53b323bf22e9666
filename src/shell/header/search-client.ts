import { http } from '../../app/providers';
import type { SearchHit } from '../../../schemas/search';

/** Spec section 9: suggestions come 500 ms after the last key. */
export const SEARCH_DELAY = 500;
export const SEARCH_PATH = '/api/search/getList';

/** The hits the server finds for a keyword (what the caller may open). */
export async function fetchHits(keyword: string): Promise<SearchHit[]> {
  const { data } = await http.get<{ list: SearchHit[] }>(SEARCH_PATH, { params: { keyword } });
  return data.list;
}
