import type { OverridePeriod, WeeklyPeriod } from './workingTimes';

/** A right-to-work photo as stored: the file under /images and the name it was uploaded with. */
export interface RightToWorkPhoto {
  id: number;
  src_name: string;
  file_name: string;
}

/**
 * A driver as GET /api/driver answers it (spec 2, section 3 'Driver'), never with the password hash or the
 * push token. Photos are file names under /images/ (thumbnails under /images/thumb/); dates 'YYYY-MM-DD';
 * timestamps ISO-8601 UTC; data_full the whole percentage of domain/dataFull.ts.
 */
export interface DriverRecord {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  status: number;
  not_progressing: number;
  activity_status: number;
  activity_time: string | null;
  activated_at: string | null;
  half_board: boolean;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  postcode: string | null;
  date_of_birth: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  car_make: string | null;
  car_model: string | null;
  car_registration: string | null;
  car_insurance_renewal_date: string | null;
  car_insurer: string | null;
  have_experience: number | null;
  experience_description: string | null;
  bank_name_of_account_holder: string | null;
  bank_sort_code: string | null;
  bank_account_number: string | null;
  driver_license_front_photo: string | null;
  driver_license_back_photo: string | null;
  identity_photo: string | null;
  photo_src: string | null;
  right_to_work_photos: RightToWorkPhoto[];
  area_ids: { area_id: number }[];
  restaurant_ids: { restaurant_id: number }[];
  default_working_time: WeeklyPeriod[];
  actual_override_working_time: OverridePeriod[];
  data_full: number;
  created_at: string;
  updated_at: string;
}
