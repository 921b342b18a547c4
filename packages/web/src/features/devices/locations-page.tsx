import 'leaflet/dist/leaflet.css';
import { deviceLocationsCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import type { LayerGroup, Map as LeafletMap } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { PageGate } from '../../app/permissions.tsx';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { deviceDetailsPath } from './device-columns.tsx';
import { clusterByGrid } from './grid-cluster.ts';
import { markerHtml } from './map-marker.ts';

/** Devices with a GPS or base-station position on a map (core §2 location), clustered by grid. */
export function LocationsPage() {
  return (
    <PageGate funCode="locations.view">
      <Locations />
    </PageGate>
  );
}

function Locations() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const locations = useQuery({
    queryKey: ['deviceLocations'],
    queryFn: () => apiCall(deviceLocationsCall, {}),
  });
  const points = locations.data;

  useEffect(() => {
    if (!points?.length || !box.current) return;
    let map: LeafletMap | null = null;
    let cancelled = false;
    void import('leaflet').then(({ default: L }) => {
      if (cancelled || !box.current) return;
      map = L.map(box.current).fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])), {
        maxZoom: 12,
        padding: [24, 24],
      });
      L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
        attribution: '© OpenStreetMap',
        maxZoom: 18,
      }).addTo(map);
      const layer: LayerGroup = L.layerGroup().addTo(map);
      const draw = () => {
        if (!map) return;
        layer.clearLayers();
        for (const cluster of clusterByGrid(points, map.getZoom())) {
          const single = cluster.points.length === 1 ? cluster.points[0] : undefined;
          const online = cluster.points.filter((p) => p.online).length;
          const icon = L.divIcon({
            className: 'device-cluster',
            html: markerHtml(single ? single.name || single.sn : cluster.points.length, online > 0),
          });
          const marker = L.marker([cluster.latitude, cluster.longitude], { icon }).addTo(layer);
          marker.on('click', () => {
            if (single) navigate(deviceDetailsPath(single.sn));
            else map?.setView([cluster.latitude, cluster.longitude], Math.min(18, (map?.getZoom() ?? 2) + 2));
          });
        }
      };
      map.on('zoomend', draw);
      draw();
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [points, navigate]);

  return (
    <Card title={t('map.title')} loading={locations.isLoading} data-testid="locations-page">
      {points?.length ? (
        <>
          <Typography.Text type="secondary">{t('map.count', { count: points.length })}</Typography.Text>
          <div ref={box} style={{ height: 560, marginTop: 8 }} data-testid="locations-map" />
        </>
      ) : (
        <EmptyState description={t('map.empty')} />
      )}
    </Card>
  );
}
