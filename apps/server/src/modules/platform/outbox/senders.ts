import { webhookSender } from '../events/delivery.ts';
import { mailSender } from '../mail/delivery.ts';
import type { OutboxSender } from './sender.ts';

/** Every kind of delivery the outbox worker sends. */
export const outboxSenders: OutboxSender[] = [mailSender, webhookSender];
