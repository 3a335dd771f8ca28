import { describe, expect, it } from 'vitest';
import { createWeightedLru } from './weighted-lru.ts';

describe('weighted LRU', () => {
  it('drops the least recently used entries beyond its weight, a get counting as a use and a peek not', () => {
    const lru = createWeightedLru<number>({ maxWeight: 10, weigh: (v) => v });
    lru.set('a', 4);
    lru.set('b', 4);
    lru.get('a'); // b is now the least recently used
    lru.set('c', 4);
    expect([lru.peek('a'), lru.peek('b'), lru.peek('c')]).toEqual([4, undefined, 4]);
    lru.peek('a'); // not a use: a stays the least recently used
    lru.set('d', 4);
    expect([lru.peek('a'), lru.peek('c'), lru.peek('d')]).toEqual([undefined, 4, 4]);
  });

  it('reweighs an entry set again, and keeps the entry just set even when it alone weighs too much', () => {
    const lru = createWeightedLru<number>({ maxWeight: 10, weigh: (v) => v });
    lru.set('a', 3);
    lru.set('b', 3);
    lru.set('a', 6); // 9 in all: nothing dropped
    expect([lru.peek('a'), lru.peek('b')]).toEqual([6, 3]);
    lru.set('huge', 50);
    expect([lru.peek('a'), lru.peek('b'), lru.peek('huge')]).toEqual([undefined, undefined, 50]);
    lru.set('small', 1); // the huge one goes now
    expect([lru.peek('huge'), lru.peek('small')]).toEqual([undefined, 1]);
  });

  it('forgets a deleted entry and its weight', () => {
    const lru = createWeightedLru<number>({ maxWeight: 10, weigh: (v) => v });
    lru.set('a', 6);
    lru.set('b', 4);
    lru.delete('a');
    lru.delete('missing');
    lru.set('c', 6); // 10 in all with b: nothing dropped
    expect([lru.peek('a'), lru.peek('b'), lru.peek('c')]).toEqual([undefined, 4, 6]);
  });
});
