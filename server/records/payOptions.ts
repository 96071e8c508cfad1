import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FuelRates } from '../../domain/pay';
import { OPTION_KEY } from '../../domain/validation/option';
import { optionRows } from './options';

/** The option values timesheets are priced and totalled with. */
export interface PayOptions {
  fuel: FuelRates;
  /** £ per invoiced hour for restaurants without their own invoice_comission. */
  comission: number;
}

/** Used only when an option row is missing (the demo data and the options screen always have them). */
const FALLBACK: PayOptions = { fuel: { band0: 1.5, band3: 3, band6: 5 }, comission: 1.5 };

export async function loadPayOptions(db: Kysely<Database>): Promise<PayOptions> {
  const keys = [OPTION_KEY.fuelBonus0, OPTION_KEY.fuelBonus3, OPTION_KEY.fuelBonus6, OPTION_KEY.invoiceComission];
  const rows = await optionRows(db, keys);
  const value = (key: string, fallback: number) => {
    const n = Number(rows.find((r) => r.okey === key)?.ovalue);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return {
    fuel: {
      band0: value(OPTION_KEY.fuelBonus0, FALLBACK.fuel.band0),
      band3: value(OPTION_KEY.fuelBonus3, FALLBACK.fuel.band3),
      band6: value(OPTION_KEY.fuelBonus6, FALLBACK.fuel.band6),
    },
    comission: value(OPTION_KEY.invoiceComission, FALLBACK.comission),
  };
}
