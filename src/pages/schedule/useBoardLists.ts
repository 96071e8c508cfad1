import { useEffect, useState } from 'react';
import { subscribeToFeed } from '../../../providers/realtime';
import type { FuelRates } from '../../../domain/pay';
import { readLimits, WORKING_TIME_DEFAULTS, type WorkingTimeLimits } from '../../../domain/workingTime';
import { fetchCommissionDefault, fetchDrivers, fetchOptions, fetchRestaurants, type BoardDriver, type BoardRestaurant } from './api';

interface ListState<T> {
  data: T[];
  loading: boolean;
  error: string | null;
}

function useFeedList<T>(load: (signal: AbortSignal) => Promise<T[]>, channel: string | null, enabled = true): ListState<T> {
  // Loading until the first answer, also while not yet asked for: an empty list before then would say 'none'.
  const [state, setState] = useState<ListState<T>>({ data: [], loading: true, error: null });
  const [version, setVersion] = useState(0);
  useEffect(() => (channel && enabled ? subscribeToFeed(channel, () => setVersion((v) => v + 1)) : undefined), [channel, enabled]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal)
      .then((data) => !controller.signal.aborted && setState({ data, loading: false, error: null }))
      .catch((e: Error) => !controller.signal.aborted && setState((s) => ({ ...s, loading: false, error: e.message })));
    return () => controller.abort();
  }, [load, version, enabled]);
  return state;
}

/** Active drivers with their places and working times (GET /api/driver?status=10), kept current by the driver feed. */
export const useDrivers = (enabled = true) => useFeedList<BoardDriver>(fetchDrivers, 'driver_channel', enabled);

/** Active restaurants the account may plan (GET /api/restaurant?status=10), with pay rates and commission. */
export const useRestaurants = () => useFeedList<BoardRestaurant>(fetchRestaurants, 'restaurant_channel');

/** The default commission per hour for restaurants without their own (option restaurants_standard_invoice_comission). */
export function useCommissionDefault(enabled: boolean): number {
  const [value, setValue] = useState(1.5);
  useEffect(() => {
    if (!enabled) return;
    fetchCommissionDefault().then(setValue, () => undefined);
  }, [enabled]);
  return value;
}

/** Fuel bonus rates per delivery (options fuel_bonus_0, _3, _6), for the dialog's computed Fuel Bonus. */
export function useFuelRates(enabled = true): FuelRates {
  const [rates, setRates] = useState<FuelRates>({ band0: 0, band3: 0, band6: 0 });
  useEffect(() => {
    if (!enabled) return;
    fetchOptions().then((options) => {
      const rate = (key: string) => {
        const n = Number(options.find((o) => o.okey === key)?.ovalue);
        return Number.isFinite(n) ? n : 0;
      };
      setRates({ band0: rate('fuel_bonus_0'), band3: rate('fuel_bonus_3'), band6: rate('fuel_bonus_6') });
    }, () => undefined);
  }, [enabled]);
  return rates;
}

/** The working-time limits an administrator set (the Options screen), for the board's warning marks. */
export function useWorkingTimeLimits(enabled = true): WorkingTimeLimits {
  const [limits, setLimits] = useState<WorkingTimeLimits>(WORKING_TIME_DEFAULTS);
  useEffect(() => {
    if (!enabled) return;
    fetchOptions().then((options) => setLimits(readLimits(options)), () => undefined);
  }, [enabled]);
  return limits;
}
