import { useEffect } from 'react';
import { APIProvider, Map, Marker, useMap } from '@vis.gl/react-google-maps';
import { MAPS_KEY } from '../../../providers/geocoding';
import type { LatLng } from './config';

export interface MapPickerProps {
  /** Where the map opens. */
  center: LatLng;
  zoom: number;
  /** The marker, or null for none. */
  marker: LatLng | null;
  /** A click on the map sets the marker there; a click on the marker removes it (spec 2, 'Add and edit'). */
  onMarkerChange?: (position: LatLng | null) => void;
  onZoomChange?: (zoom: number) => void;
  /** Extra read-only markers (a timesheet's start and finish), with a label each. */
  pins?: { position: LatLng; label: string }[];
  height?: number;
  maxZoom?: number;
}

/** Moves the map to a new centre when the caller changes it (an address chosen from the search). */
function FollowCenter({ center }: { center: LatLng }) {
  const map = useMap();
  const { lat, lng } = center;
  useEffect(() => {
    map?.panTo({ lat, lng });
  }, [map, lat, lng]);
  return null;
}

/** A Google map with one settable marker. Loaded lazily, and only when a Google Maps key is configured. */
export default function MapPicker({ center, zoom, marker, onMarkerChange, onZoomChange, pins = [], height = 300, maxZoom }: MapPickerProps) {
  return (
    <APIProvider apiKey={MAPS_KEY} language="en">
      <Map
        style={{ width: '100%', height }}
        defaultCenter={center}
        defaultZoom={zoom}
        maxZoom={maxZoom}
        gestureHandling="greedy"
        onClick={(event) => {
          const at = event.detail.latLng;
          if (at && onMarkerChange) onMarkerChange({ lat: at.lat, lng: at.lng });
        }}
        onZoomChanged={(event) => onZoomChange?.(event.detail.zoom)}
      >
        <FollowCenter center={center} />
        {marker && <Marker position={marker} onClick={() => onMarkerChange?.(null)} />}
        {pins.map((pin) => (
          <Marker key={pin.label} position={pin.position} label={pin.label} />
        ))}
      </Map>
    </APIProvider>
  );
}
