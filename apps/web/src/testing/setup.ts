import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait up to 5 s, not 1: the first render of a lazy route imports and transforms its modules, which on
// two cores shared with the other test files has taken more than a second (a redirect test failed in CI that way)
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
