import { toFormData } from '../../providers/formData';

/** Edit's body: multipart with _method=PATCH, sent as a POST (the data provider's update, meta.method), as the spec's call is made. */
export const restaurantEditBody = (id: number, values: Record<string, unknown>) => toFormData({ ...values, id, _method: 'PATCH' });
