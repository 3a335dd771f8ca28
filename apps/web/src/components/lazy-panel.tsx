import { Center, Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';

/**
 * A tab or panel whose component is lazy (React.lazy): a small loader in its place while its chunk is fetched. Pages
 * keep their first tab in their own chunk and fetch the others when opened (issue 17 item 11).
 */
export const LazyPanel = ({ children, label = 'Caricamento' }: { children: ReactNode; label?: string }) => (
  <Suspense
    fallback={
      // a status region named by the label (a loader's own span may not carry a name)
      <Center py="xl" role="status" aria-label={label}>
        <Loader size="sm" />
      </Center>
    }
  >
    {children}
  </Suspense>
);
