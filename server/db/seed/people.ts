import type { Insertable } from 'kysely';
import type { DriversTable } from '../schema';
import { YES_NO } from '../../../domain/statuses';
import type { Random } from './random';
import { EXPERIENCE, FIRST_NAMES, HOME_STREETS, INSURERS, LAST_NAMES, REG_AGE, VEHICLES } from './data';
import { addDays } from './time';

/** Names, contact details and driver profiles for the seeds. */

export function personName(rng: Random): { first: string; last: string } {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(LAST_NAMES) };
}

export function slug(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '.').replace(/^\.+|\.+$/g, '');
}

/** Hands out unique e-mail addresses: the second Jack Smith becomes jack.smith2@... */
export class EmailBook {
  private used = new Map<string, number>();

  take(localPart: string, domain: string): string {
    const base = slug(localPart) || 'user';
    const n = (this.used.get(base) ?? 0) + 1;
    this.used.set(base, n);
    return `${n === 1 ? base : base + n}@${domain}`;
  }
}

/** A mobile number in Ofcom's drama range. */
function ukMobile(rng: Random): string {
  return `07700 900${rng.digits(3)}`;
}

/** A full postcode in an outward district, e.g. 'NW1 7JE' (inward letters avoid C, I, K, M, O, V as Royal Mail does). */
export function postcodeIn(rng: Random, district: string): string {
  return `${district} ${rng.int(1, 9)}${rng.letters(2, 'ABDEFGHJLNPQRSTUWXYZ')}`;
}

export type ProfileLevel = 'full' | 'partial' | 'minimal';

/**
 * The optional part of a driver's profile. Applicants fill it in over time, so 'partial' leaves whole
 * sections (address, car, bank ...) empty and the Data Full percentage varies.
 */
export function driverProfile(
  rng: Random,
  level: ProfileLevel,
  name: { first: string; last: string },
  home: { city: string; postcodeDistrict: string },
  today: string,
): Partial<Insertable<DriversTable>> {
  const out: Partial<Insertable<DriversTable>> = { phone: ukMobile(rng) };
  if (level === 'minimal') return out;
  const include = () => level === 'full' || rng.chance(0.5);
  if (include()) {
    out.address_1 = `${rng.int(1, 180)} ${rng.pick(HOME_STREETS)}`;
    out.address_2 = rng.chance(0.35) ? `Flat ${rng.int(1, 24)}` : null;
    out.city = home.city;
    out.postcode = postcodeIn(rng, home.postcodeDistrict);
  }
  if (include()) {
    out.date_of_birth = `${rng.int(1972, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  }
  if (include()) {
    out.emergency_contact_name = `${rng.pick(FIRST_NAMES)} ${name.last}`;
    out.emergency_contact_phone = ukMobile(rng);
  }
  if (include()) {
    const [make, model] = rng.pick(VEHICLES);
    out.car_make = make;
    out.car_model = model;
    out.car_registration = `${rng.letters(2)}${rng.pick(REG_AGE)} ${rng.letters(3)}`;
    // A few insurances have just lapsed, which the office chases up.
    out.car_insurance_renewal_date = addDays(today, rng.chance(0.08) ? -rng.int(1, 20) : rng.int(15, 340));
    out.car_insurer = rng.pick(INSURERS);
  }
  if (include()) {
    const experienced = rng.chance(0.7);
    out.have_experience = experienced ? YES_NO.yes : YES_NO.no;
    out.experience_description = experienced ? rng.pick(EXPERIENCE) : null;
  }
  if (include()) {
    out.bank_name_of_account_holder = `${name.first} ${name.last}`;
    out.bank_sort_code = `${rng.digits(2)}-${rng.digits(2)}-${rng.digits(2)}`;
    out.bank_account_number = rng.digits(8);
  }
  return out;
}

/** An Expo-style push token, as the driver app registers them. */
export function pushToken(rng: Random): string {
  return `ExponentPushToken[${rng.letters(22, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}]`;
}
