import {
  AVAILABILITY_MSG, availability, availabilityMessage, overlappingShift, publishAvailabilityMessage, worksForRestaurant,
  type TimedShift,
} from '../../../domain/availability';
import { DRIVER_STATUS, SHIFT_STATUS } from '../../../domain/statuses';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import type { DriverFacts, RestaurantFacts } from '../../records/shiftFacts';

export interface Candidate extends TimedShift {
  restaurant_id: number;
}

/**
 * The server's copy of the dialogs' driver checks (spec 3, section 5), over facts loaded once for a whole call:
 * the driver is active and works for the restaurant, has no other published shift at that time, and is
 * available by working time. Shifts published during the call join the set, so two shifts of one batch cannot
 * double-book a driver either.
 */
export class DriverChecks {
  private readonly published = new Map<string, TimedShift[]>();

  constructor(
    private readonly drivers: Map<number, DriverFacts>,
    private readonly restaurants: Map<number, RestaurantFacts>,
    published: Iterable<TimedShift>,
  ) {
    for (const shift of published) this.add(shift);
  }

  private key(driverId: number, date: string) {
    return `${driverId}|${date}`;
  }

  /** Counts a shift as published from now on (after it passed). */
  add(shift: TimedShift): void {
    if (!shift.driver_id || shift.status !== SHIFT_STATUS.published) return;
    const key = this.key(shift.driver_id, shift.period_date);
    const list = this.published.get(key);
    if (list) list.push(shift);
    else this.published.set(key, [shift]);
  }

  private placeError(shift: Candidate, driver: DriverFacts | undefined): string | null {
    if (!driver) return SHIFT_MSG.driverUnknown;
    if (driver.status !== DRIVER_STATUS.active) return SHIFT_MSG.driverInactive;
    const restaurant = this.restaurants.get(shift.restaurant_id);
    if (restaurant && !worksForRestaurant(driver, restaurant)) return SHIFT_MSG.driverNotForRestaurant;
    return null;
  }

  private overlaps(shift: Candidate): boolean {
    return !!overlappingShift(shift, this.published.get(this.key(shift.driver_id!, shift.period_date)) ?? []);
  }

  /**
   * The first driver check a shift fails, in the dialogs' order (the driver, the restaurant, an overlapping published
   * shift, then availability, worded by `availabilityError` as the call words it), or null (open shifts always pass).
   */
  private driverError(shift: Candidate, availabilityError: (free: ReturnType<typeof availability>, driver: DriverFacts) => string | null): string | null {
    if (!shift.driver_id) return null;
    const driver = this.drivers.get(shift.driver_id);
    const place = this.placeError(shift, driver);
    if (place) return place;
    if (this.overlaps(shift)) return AVAILABILITY_MSG.overlap;
    return availabilityError(availability(driver!, shift.period_date, shift.start_time, shift.finish_time), driver!);
  }

  /** The dialogs' first driver message for a shift being saved, or null (open shifts always pass). */
  saveError(shift: Candidate): string | null {
    return this.driverError(shift, (free) => availabilityMessage(free));
  }

  /** Why a shift cannot be published ('Driver {name} unavailable at {date}' ...), or null. */
  publishError(shift: Candidate): string | null {
    return this.driverError(shift, (free, driver) => publishAvailabilityMessage(free, driver.full_name, shift.period_date));
  }

  /** Whether a copied or pasted shift can keep its driver on its new date. */
  canKeepDriver(shift: Candidate): boolean {
    return this.saveError(shift) === null;
  }
}
