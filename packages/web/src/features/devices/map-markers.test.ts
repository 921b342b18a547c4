import { describe, expect, it } from 'vitest';
import { clusterElement, clusterSize, deviceElement, labelElement, MARKER_COLORS } from './map-markers.ts';

describe('map markers', () => {
  it('keeps a device name that looks like HTML as text', () => {
    const name = '<img src=x onerror=alert(1)>';
    const label = labelElement(name);
    expect(label.textContent).toBe(name);
    expect(label.querySelector('img')).toBeNull();
    const cluster = clusterElement(3, 1, name);
    expect(cluster.title).toBe(name);
    expect(cluster.querySelector('img')).toBeNull();
  });

  it('sizes clusters by their count and colours devices by their online state', () => {
    expect(clusterSize(1)).toBe(26);
    expect(clusterSize(10)).toBe(36);
    expect(clusterSize(1000)).toBe(56);
    const cluster = clusterElement(50, 20, '50 devices');
    expect(cluster.style.width).toBe('43px');
    expect(cluster.textContent).toBe('50');
    expect(deviceElement(true, 'A1').style.background).toBe('rgb(82, 196, 26)');
    expect(deviceElement(false, 'A2').style.background).toBe('rgb(140, 140, 140)');
    expect(MARKER_COLORS.online).toBe('#52c41a');
  });
});
