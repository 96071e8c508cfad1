import { ROLE } from '../../domain/roles';
import type { PanelUser, UserFormValues } from './types';


export const EMPTY_USER: UserFormValues = {
  first_name: '',
  last_name: '',
  role: '',
  email: '',
  area_ids: [],
  restaurant_ids: [],
  password: '',
};

export function valuesOf(user: PanelUser): UserFormValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    role: user.role ?? '',
    email: user.email,
    area_ids: user.area_ids.map((a) => a.area_id),
    restaurant_ids: user.restaurant_ids.map((r) => r.restaurant_id),
    password: '',
  };
}

/** The body of POST/PUT /api/user: assignments only for managers, the password only with its switch on. */
export function payloadOf(values: UserFormValues, changePassword: boolean): Record<string, unknown> {
  const manager = values.role === ROLE.manager;
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    role: values.role,
    email: values.email,
    area_ids: manager ? values.area_ids : [],
    restaurant_ids: manager ? values.restaurant_ids : [],
    ...(changePassword ? { password: values.password } : {}),
  };
}
