import type { BoardRestaurant } from '../../domain/shiftCalls';

/** A restaurant of the schedule board's rows: R{id} in area A{areaId}, active, on the area's pay rates. */
export const boardRestaurant = (id: number, areaId: number): BoardRestaurant => ({
  id,
  name: `R${id}`,
  area_id: areaId,
  area: { id: areaId, name: `A${areaId}`, standardPayRate: 12, weekendPayRate: 13 },
  status: 10,
  standard_pay: null,
  weekend_pay: null,
  invoice_comission: null,
});
