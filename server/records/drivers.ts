import type { DriverInput } from '../../domain/validation/driver';

/** A driver's columns from the form, photos aside (an import has none, and keeps a driver's own). */
export function driverProfileColumns(input: DriverInput) {
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    date_of_birth: input.date_of_birth,
    address_1: input.address_1,
    address_2: input.address_2,
    city: input.city,
    postcode: input.postcode,
    emergency_contact_name: input.emergency_contact_name,
    emergency_contact_phone: input.emergency_contact_phone,
    have_experience: input.have_experience,
    experience_description: input.experience_description,
    car_make: input.car_make,
    car_model: input.car_model,
    car_registration: input.car_registration,
    car_insurance_renewal_date: input.car_insurance_renewal_date,
    car_insurer: input.car_insurer,
    bank_name_of_account_holder: input.bank_name_of_account_holder,
    bank_sort_code: input.bank_sort_code,
    bank_account_number: input.bank_account_number,
    working_time_opt_out: input.working_time_opt_out,
  };
}
