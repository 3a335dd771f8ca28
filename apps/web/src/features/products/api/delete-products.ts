import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidateProducts } from './save-product.ts';

/** DELETE /products/{id}, or DELETE /products?productIds=a,b for several. */
export const deleteProducts = (ids: readonly string[]) =>
  ids.length === 1
    ? http.delete<null>(`/products/${ids[0]}`)
    : http.delete<number>('/products', { query: { productIds: ids.join(',') } });

export const useDeleteProducts = () => {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: deleteProducts, onSuccess: invalidate });
};
