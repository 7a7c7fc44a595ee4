-- What each write changed, by the registry version the write moved to: an offer (offer_id, with
-- its service), or any offer of a service (offer_id NULL: the service, an endpoint or a provider
-- changed). A broker instance patches its offer index with what changed since the version it
-- reflects instead of reading every offer again. Only recent versions are kept: changes_from is the
-- oldest version whose changes are all here; an index older than that reads the whole registry.
-- No key: a version number is unique while writers are serialised on the version row, and a write
-- must never fail over this bookkeeping.
CREATE TABLE broker_change (
  version BIGINT NOT NULL,
  service_id BIGINT NOT NULL,
  offer_id BIGINT
);
CREATE INDEX broker_change_version ON broker_change (version);
ALTER TABLE broker_registry_version ADD COLUMN changes_from BIGINT DEFAULT 0 NOT NULL;
UPDATE broker_registry_version SET changes_from = version + 1;

-- The version of the last write that changed a provider's token: a broker instance reads the token
-- hashes again only when it moved.
ALTER TABLE broker_registry_version ADD COLUMN tokens_version BIGINT DEFAULT 0 NOT NULL;
UPDATE broker_registry_version SET tokens_version = version;
