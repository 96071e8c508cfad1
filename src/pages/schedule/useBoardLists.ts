import { startTransition, useCallback, useEffect, useState } from 'react';
import { subscribeToFeed } from '../../../providers/realtime';
import type { FuelRates } from '../../../domain/pay';
import { readLimits, WORKING_TIME_DEFAULTS, type WorkingTimeLimits } from '../../../domain/workingTime';
import type { BoardDriver, BoardRestaurant, OptionRow } from '../../../domain/shiftCalls';
import { useDataProviderRef, type AppDataProvider } from '../../../providers/dataProvider';

/** Options, read once per page and shared by the commission, fuel-rate and working-time readers. */
let optionsOnce: Promise<OptionRow[]> | null = null;
function optionRows(provider: AppDataProvider): Promise<OptionRow[]> {
  optionsOnce ??= provider.getOptionRows().catch((e: unknown) => {
    optionsOnce = null;
    throw e;
  });
  return optionsOnce;
}

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
    // A transition: a list's answer (the restaurants, sorted into the board's rows; thousands of drivers) renders the
    // board again, which React then does in slices rather than in one long task.
    load(controller.signal)
      .then((data) => !controller.signal.aborted && startTransition(() => setState({ data, loading: false, error: null })))
      .catch((e: Error) => !controller.signal.aborted && setState((s) => ({ ...s, loading: false, error: e.message })));
    return () => controller.abort();
  }, [load, version, enabled]);
  return state;
}

/** Active drivers with their places and working times (GET /api/driver?status=10), kept current by the driver feed. */
export function useDrivers(enabled = true) {
  const provider = useDataProviderRef();
  const load = useCallback((signal: AbortSignal) => provider.current.getActiveDrivers(signal), [provider]);
  return useFeedList<BoardDriver>(load, 'driver_channel', enabled);
}

/** Active restaurants the account may plan (GET /api/restaurant?status=10), with pay rates and commission. */
export function useRestaurants() {
  const provider = useDataProviderRef();
  const load = useCallback((signal: AbortSignal) => provider.current.getActiveRestaurants(signal), [provider]);
  return useFeedList<BoardRestaurant>(load, 'restaurant_channel');
}

/** The default commission per hour for restaurants without their own (option restaurants_standard_invoice_comission). */
export function useCommissionDefault(enabled: boolean): number {
  const provider = useDataProviderRef();
  const [value, setValue] = useState(1.5);
  useEffect(() => {
    if (!enabled) return;
    optionRows(provider.current).then((options) => {
      const commission = Number(options.find((o) => o.okey === 'restaurants_standard_invoice_comission')?.ovalue);
      setValue(Number.isFinite(commission) ? commission : 1.5);
    }, () => undefined);
  }, [enabled, provider]);
  return value;
}

/** Fuel bonus rates per delivery (options fuel_bonus_0, _3, _6), for the dialog's computed Fuel Bonus. */
export function useFuelRates(enabled = true): FuelRates {
  const provider = useDataProviderRef();
  const [rates, setRates] = useState<FuelRates>({ band0: 0, band3: 0, band6: 0 });
  useEffect(() => {
    if (!enabled) return;
    optionRows(provider.current).then((options) => {
      const rate = (key: string) => {
        const n = Number(options.find((o) => o.okey === key)?.ovalue);
        return Number.isFinite(n) ? n : 0;
      };
      setRates({ band0: rate('fuel_bonus_0'), band3: rate('fuel_bonus_3'), band6: rate('fuel_bonus_6') });
    }, () => undefined);
  }, [enabled, provider]);
  return rates;
}

/** The working-time limits an administrator set (the Options screen), for the board's warning marks. */
export function useWorkingTimeLimits(enabled = true): WorkingTimeLimits {
  const provider = useDataProviderRef();
  const [limits, setLimits] = useState<WorkingTimeLimits>(WORKING_TIME_DEFAULTS);
  useEffect(() => {
    if (!enabled) return;
    optionRows(provider.current).then((options) => setLimits(readLimits(options)), () => undefined);
  }, [enabled, provider]);
  return limits;
}
