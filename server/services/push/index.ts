/** Push notifications to drivers: the adapter interface, the local default, and the message outbox. */
export type { PushDelivery, PushSender } from './types';
export { LocalPushSender } from './localPushSender';
export { usePushSender } from './registry';
export { recordPushMessage, recordPushMessagesToOne, deliverPushMessage } from './outbox';
