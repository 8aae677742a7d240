import { describe, expect, it } from 'vitest';
import { xMediaLayout } from './x-media-layout.ts';

describe('xMediaLayout', () => {
  it('lays out one to four items as X does and shows no more than four', () => {
    expect(xMediaLayout(0).items).toEqual([]);
    expect(xMediaLayout(1)).toEqual({ grid: 'grid grid-cols-1', items: [''] });
    expect(xMediaLayout(2).items).toEqual(['row-span-2', 'row-span-2']);
    expect(xMediaLayout(3).items).toEqual(['row-span-2', '', '']);
    expect(xMediaLayout(3).grid).toContain('grid-rows-2');
    expect(xMediaLayout(4).items).toEqual(['', '', '', '']);
    expect(xMediaLayout(7).items).toHaveLength(4);
  });
});
