-- Hand-written: Canadian postal codes were stored without their space ('K1N5Y4'); they are now stored, shown and
-- answered in their canonical form ('K1N 5Y4'). Rewrites every stored code that is a postal code; leaves anything
-- else as it is.
UPDATE "permanent_addresses"
SET "postal_code" = upper(substr(regexp_replace("postal_code", '\s', '', 'g'), 1, 3)) || ' ' ||
  upper(substr(regexp_replace("postal_code", '\s', '', 'g'), 4, 3))
WHERE "postal_code" IS NOT NULL
  AND regexp_replace("postal_code", '\s', '', 'g') ~ '^[A-Za-z][0-9][A-Za-z][0-9][A-Za-z][0-9]$';
