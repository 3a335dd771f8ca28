import type { Product } from '@studiolo/domain/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** GET /products: the studio's services (spec part 1 §7: cached). */
export const getProducts = () => http.get<Product[]>('/products');

export const productsQueryKey = (studioId: string | null) => [studioId, 'products'] as const;

export const productsQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: productsQueryKey(studioId), queryFn: getProducts, staleTime: 5 * 60_000 });

export const useProducts = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...productsQueryOptions(studioId), enabled: Boolean(studioId) });
};
