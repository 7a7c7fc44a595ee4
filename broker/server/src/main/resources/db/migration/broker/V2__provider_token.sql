-- A provider's secret token, as its SHA-256 in 64 lowercase hex digits: the broker shows a token
-- once and never keeps it. NULL for a provider without a token (it cannot authenticate until an
-- administrator rotates one). Not indexed: a broker reads all hashes at once into memory.
ALTER TABLE broker_provider ADD COLUMN token_hash CHAR(64);
