import { Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Wraps every page; a thin bar shows while the next page's code loads. */
export const RootLayout = () => {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          aria-label="Caricamento della pagina"
          style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1001 }}
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
};
