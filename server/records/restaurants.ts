import type { RestaurantInput, RestaurantProfileInput } from '../../domain/validation/restaurant';

/** The columns a restaurant account may change itself (the office's form writes them too). */
export function profileColumns(input: ProfileFields, logo: string | null) {
  return {
    name: input.name,
    contact_name: input.contactName,
    address: input.address,
    postcode: input.postcode,
    telephone: input.telephone,
    meal: input.meal,
    uniform: input.uniform,
    cash_orders: input.cash_orders,
    waiting_location: input.waiting_location,
    other: input.other,
    bonus_target: input.bonus_target,
    logo_src: logo,
  };
}
type ProfileFields = Pick<
  RestaurantProfileInput,
  'name' | 'contactName' | 'address' | 'postcode' | 'telephone' | 'meal' | 'uniform' | 'cash_orders' | 'waiting_location' | 'other' | 'bonus_target'
>;

/** The restaurant's own columns from a validated form: its profile, and what only the office sets. */
export function restaurantColumns(input: RestaurantInput, restaurateurId: number, logo: string | null) {
  return {
    ...profileColumns(input, logo),
    business_email: input.business_email.toLowerCase(),
    area_id: input.area_id,
    restaurateur_id: restaurateurId,
    standard_pay: input.standard_pay,
    weekend_pay: input.weekend_pay,
    invoice_comission: input.invoice_comission,
    booking_fee: input.booking_fee,
    send_invoice: input.send_invoice ? 1 : 0,
    map_latitude: input.map_latitude,
    map_longitude: input.map_longitude,
  };
}
