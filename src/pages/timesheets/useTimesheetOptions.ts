import { useEffect, useState } from 'react';
import type { FuelRates } from '../../../domain/pay';
import { OPTION_KEY, readMapCenter, type MapCenter } from '../../../domain/validation/option';
import { useDataProviderRef } from '../../../providers/dataProvider';
import { subscribeToFeed } from '../../../providers/realtime';

/** The timesheet map opens here without the option (spec 3, section 2.3); zoom is capped at 15. */
const TIMESHEET_MAP_DEFAULT: MapCenter = { lat: 51.4, lng: 0, map_zoom: 8 };
export const TIMESHEET_MAP_MAX_ZOOM = 15;

export interface TimesheetOptions {
  /** Null until loaded, and for accounts that may not read options (restaurant accounts only read timesheets). */
  fuel: FuelRates | null;
  mapCenter: MapCenter;
}

const EVERY_ROW = { page: 1, perPage: 0 };

interface OptionRow {
  okey: string;
  ovalue: string;
}

function readTimesheetOptions(rows: OptionRow[]): TimesheetOptions {
  const value = (key: string) => rows.find((r) => r.okey === key)?.ovalue;
  const amount = (key: string) => {
    const n = Number(value(key));
    return Number.isFinite(n) && n >= 0 ? n : null;
  };
  const [band0, band3, band6] = [amount(OPTION_KEY.fuelBonus0), amount(OPTION_KEY.fuelBonus3), amount(OPTION_KEY.fuelBonus6)];
  const center = value(OPTION_KEY.mapCenterDefault);
  return {
    fuel: band0 === null || band3 === null || band6 === null ? null : { band0, band3, band6 },
    mapCenter: center ? readMapCenter(center) : TIMESHEET_MAP_DEFAULT,
  };
}

/** Fuel bonus rates and the map centre (GET /api/option), kept current by the option feed. */
export function useTimesheetOptions(enabled: boolean): TimesheetOptions {
  const [options, setOptions] = useState<TimesheetOptions>({ fuel: null, mapCenter: TIMESHEET_MAP_DEFAULT });
  const [generation, setGeneration] = useState(0);
  const provider = useDataProviderRef();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // GET /api/option, every row (the standard list asked without a range).
    provider.current
      .getList<OptionRow & { id: number }>('option', { pagination: EVERY_ROW, signal: controller.signal })
      .then(({ data }) => setOptions(readTimesheetOptions(data)))
      .catch((e: Error) => {
        if (e?.name !== 'AbortError') console.warn('Options could not be loaded', e);
      });
    return () => controller.abort();
  }, [provider, enabled, generation]);
  useEffect(() => (enabled ? subscribeToFeed('option_channel', () => setGeneration((g) => g + 1)) : undefined), [enabled]);
  return options;
}
