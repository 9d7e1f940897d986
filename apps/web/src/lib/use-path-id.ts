import { useParams } from 'react-router';
import { idFromText } from '@tienda/shared/constants';

/** The route's id (e.g. /producto/:id) when it is one the API can hold (idFromText); otherwise null. */
export function usePathId(name = 'id'): number | null {
  return idFromText(useParams()[name]);
}
