import type { SQL } from 'drizzle-orm';
import type { PlatformContext } from '../platform-context.ts';
import type { ClaimedDelivery, OutboxKind } from './repository.ts';

export type { ClaimedDelivery } from './repository.ts';

export type SendResult =
  | { ok: true; statusCode?: number | null }
  /** `permanent`: retrying cannot help (the thing is gone, the receiver refused for good): dead at once. */
  | { ok: false; error: string; statusCode?: number | null; permanent?: boolean };

/** How one kind of delivery is sent. Features contribute theirs (outbox/senders.ts lists them). */
export interface OutboxSender {
  kind: OutboxKind;
  /** Extra claim condition on the row alias `o` (e.g. the webhook receiver is enabled); rows failing it wait. */
  ready?: SQL;
  /** Sends one claimed delivery. Throwing counts as a failed attempt to retry. */
  send(ctx: PlatformContext, item: ClaimedDelivery): Promise<SendResult>;
  /** A one-line description per row for the operator's list (no secrets, no message bodies). */
  describe?(
    ctx: PlatformContext,
    rows: { id: number; payload: Record<string, unknown> }[],
  ): Promise<Map<number, string>>;
}

/**
 * Error texts go to logs and the operator's list; receivers' answers can quote an email address
 * ("550 <ann@example.com>: no such user"), which is personal data: it is replaced before either.
 */
export function safeErrorText(message: string): string {
  return message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>').slice(0, 500);
}
