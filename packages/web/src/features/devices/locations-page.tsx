import 'leaflet/dist/leaflet.css';
import { deviceLocationsCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Typography } from 'antd';
import type { LayerGroup, Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { PageGate } from '../../app/permissions.tsx';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { localizeMapControls } from '../../widgets/map-texts.ts';
import { useVersions } from '../shell/shell-queries.ts';
import { deviceDetailsPath } from './device-columns.tsx';
import { clusterByGrid } from './grid-cluster.ts';
import {
  clusterBackground,
  clusterElement,
  clusterSize,
  deviceElement,
  LABEL_ZOOM,
  labelElement,
  MARKER_COLORS,
} from './map-markers.ts';

/** Lines every 40 px under the tiles: where no tile loads, the devices still stand on a grid. */
const PLAIN_GRID = {
  backgroundColor: '#f5f7fa',
  backgroundImage:
    'linear-gradient(#e1e6ed 1px, transparent 1px), linear-gradient(90deg, #e1e6ed 1px, transparent 1px)',
  backgroundSize: '40px 40px',
};

/** Devices with a GPS or base-station position on a map (core §2 location), clustered by grid. */
export function LocationsPage() {
  return (
    <PageGate funCode="locations.view">
      <Locations />
    </PageGate>
  );
}

function Legend() {
  const { t } = useTranslation('devices');
  const dot = (background: string, size = 12) => (
    <span style={{ width: size, height: size, borderRadius: '50%', background, display: 'inline-block' }} />
  );
  return (
    <Flex gap={16} align="center" wrap data-testid="map-legend">
      <Flex gap={6} align="center">
        {dot(MARKER_COLORS.online)}
        {t('map.legendOnline')}
      </Flex>
      <Flex gap={6} align="center">
        {dot(MARKER_COLORS.offline)}
        {t('map.legendOffline')}
      </Flex>
      <Flex gap={6} align="center">
        {dot(clusterBackground(4, 3), 16)}
        {t('map.legendMixed')}
      </Flex>
    </Flex>
  );
}

function Locations() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const locations = useQuery({
    queryKey: ['deviceLocations'],
    queryFn: () => apiCall(deviceLocationsCall, {}),
  });
  const tileUrl = useVersions().data?.mapTileUrl;
  const points = locations.data;

  useEffect(() => {
    if (!points?.length || !box.current || !tileUrl) return;
    let map: LeafletMap | null = null;
    let cancelled = false;
    void import('leaflet').then(({ default: L }) => {
      if (cancelled || !box.current) return;
      map = L.map(box.current).fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])), {
        maxZoom: 12,
        padding: [24, 24],
      });
      localizeMapControls(map);
      // A tile server that answers nothing (no internet, blocked) is told on the page, once no tile
      // at all has loaded; a few missing tiles of a working server are not.
      let loaded = 0;
      const tiles = L.tileLayer(tileUrl, { attribution: '© OpenStreetMap', maxZoom: 18 });
      tiles.on('tileload', () => {
        loaded++;
        setTilesFailed(false);
      });
      tiles.on('tileerror', () => {
        if (loaded === 0) setTilesFailed(true);
      });
      tiles.addTo(map);
      const layer: LayerGroup = L.layerGroup().addTo(map);
      const draw = () => {
        if (!map) return;
        layer.clearLayers();
        const zoom = map.getZoom();
        for (const cluster of clusterByGrid(points, zoom)) {
          const single = cluster.points.length === 1 ? cluster.points[0] : undefined;
          if (single) {
            const marker = L.marker([single.latitude, single.longitude], {
              icon: L.divIcon({
                className: '',
                html: deviceElement(single.online, single.sn),
                iconSize: [14, 14],
              }),
            }).addTo(layer);
            // Names on hover only, or always once zoomed in far enough that they no longer overlap.
            marker.bindTooltip(labelElement(single.name || single.sn), {
              permanent: zoom >= LABEL_ZOOM,
              direction: 'right',
              offset: [8, 0],
            });
            marker.on('click', () => navigate(deviceDetailsPath(single.sn)));
            continue;
          }
          const count = cluster.points.length;
          const online = cluster.points.filter((p) => p.online).length;
          const size = clusterSize(count);
          const marker = L.marker([cluster.latitude, cluster.longitude], {
            icon: L.divIcon({
              className: '',
              html: clusterElement(count, online, t('map.cluster', { count, online })),
              iconSize: [size, size],
            }),
          }).addTo(layer);
          marker.on('click', () =>
            map?.setView([cluster.latitude, cluster.longitude], Math.min(18, (map?.getZoom() ?? 2) + 2)),
          );
        }
      };
      map.on('zoomend', draw);
      draw();
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [points, navigate, tileUrl, t]);

  return (
    <Card title={t('map.title')} loading={locations.isLoading} data-testid="locations-page">
      {points?.length ? (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('map.count', { count: points.length })}</Typography.Text>
          {tilesFailed && (
            <Alert type="warning" showIcon message={t('map.noTiles')} data-testid="map-no-tiles" />
          )}
          <Legend />
          <div ref={box} style={{ height: 560, ...PLAIN_GRID }} data-testid="locations-map" />
        </Flex>
      ) : (
        <EmptyState description={t('map.empty')} />
      )}
    </Card>
  );
}
