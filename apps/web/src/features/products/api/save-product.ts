import type { Product, ProductInput } from '@studiolo/domain/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { productsQueryKey } from './get-products.ts';

/** POST /products */
export const createProduct = (input: ProductInput) => http.post<Product>('/products', input);
/** PUT /products (the id in the body) */
export const updateProduct = (input: ProductInput & { id: string }) => http.put<Product>('/products', input);

export const useInvalidateProducts = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return () => qc.invalidateQueries({ queryKey: productsQueryKey(studioId) });
};

export const useCreateProduct = () => {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: createProduct, onSuccess: invalidate });
};
export const useUpdateProduct = () => {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: updateProduct, onSuccess: invalidate });
};
