import { Progress } from '@mantine/core';
import { useLoadingVisible } from '../lib/loading.ts';

/** The http wrapper's loading indicator: a thin bar at the top, shown after 500 ms (spec part 1 §7). */
export const LoadingBar = () => {
  const visible = useLoadingVisible();
  if (!visible) return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size="xs"
      radius={0}
      aria-label="Caricamento in corso"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
};
