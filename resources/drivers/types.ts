import type { DriverRecord, RightToWorkPhoto } from '../../domain/validation/driver';

export type { DriverRecord, RightToWorkPhoto };

/** The react-admin resource (GET /api/driver) and the live-feed channel. */
export const DRIVERS = 'drivers';
import { DRIVER_CHANNEL } from '../../domain/channels';
export { DRIVER_CHANNEL };

