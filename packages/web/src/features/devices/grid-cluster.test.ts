import { describe, expect, it } from 'vitest';
import { clusterByGrid } from './grid-cluster.ts';

const point = (sn: string, latitude: number, longitude: number) => ({
  sn,
  latitude,
  longitude,
  online: true,
});

describe('grid clustering of the map', () => {
  const points = [point('A', 52.52, 13.4), point('B', 52.521, 13.401), point('C', 48.85, 2.35)];

  it('joins nearby devices at a far zoom and parts them when zoomed in', () => {
    const far = clusterByGrid(points, 3);
    expect(far.map((c) => c.points.map((p) => p.sn).sort()).sort()).toEqual([['A', 'B'], ['C']]);
    const berlin = far.find((c) => c.points.length === 2)!;
    expect(berlin.latitude).toBeCloseTo(52.5205, 4);
    expect(clusterByGrid(points, 18)).toHaveLength(3);
  });

  it('keeps 100,000 devices in a few hundred markers at country zoom', () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      point(String(i), 45 + (i % 100) / 10, 5 + Math.floor(i / 100) / 100),
    );
    const clusters = clusterByGrid(many, 5);
    expect(clusters.length).toBeLessThan(500);
    expect(clusters.reduce((n, c) => n + c.points.length, 0)).toBe(100_000);
  });
});
