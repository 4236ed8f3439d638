-- Hand-written: moves the delivery state of the two old queues into outbox_deliveries before the next
-- migration drops them, so nothing queued before the upgrade is lost. Webhook deliveries keep their
-- state ('delivered' becomes 'sent', 'failed' becomes the dead letter 'dead'); a mail whose single SMTP
-- attempt failed (mail_outbox.error) becomes a dead letter that `npm run ops -- outbox:retry` can send.
INSERT INTO "outbox_deliveries" ("kind", "idempotency_key", "payload", "order_key", "status", "attempts", "next_attempt_at", "locked_until", "last_status_code", "last_error", "sent_at", "created_at")
SELECT 'webhook',
  'webhook:' || d."event_id" || ':' || d."endpoint_id",
  jsonb_build_object('eventId', d."event_id", 'endpointId', d."endpoint_id"),
  CASE WHEN d."user_id" IS NULL THEN NULL ELSE 'webhook:' || d."endpoint_id" || ':user:' || d."user_id" END,
  CASE d."status" WHEN 'delivered' THEN 'sent' WHEN 'failed' THEN 'dead' ELSE 'pending' END,
  d."attempts", d."next_attempt_at", d."locked_until", d."last_status_code", d."last_error", d."delivered_at", d."created_at"
FROM "webhook_deliveries" d
ORDER BY d."event_id", d."id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "outbox_deliveries" ("kind", "idempotency_key", "payload", "status", "attempts", "last_error", "sent_at", "created_at")
SELECT 'mail',
  'mail:' || m."id",
  jsonb_build_object('mailId', m."id"),
  CASE WHEN m."sent_at" IS NOT NULL THEN 'sent' WHEN m."error" IS NOT NULL THEN 'dead' ELSE 'pending' END,
  CASE WHEN m."sent_at" IS NOT NULL OR m."error" IS NOT NULL THEN 1 ELSE 0 END,
  m."error", m."sent_at", m."created_at"
FROM "mail_outbox" m
ORDER BY m."id"
ON CONFLICT DO NOTHING;
