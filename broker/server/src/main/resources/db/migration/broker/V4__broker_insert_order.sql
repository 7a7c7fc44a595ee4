-- One row per table whose rows are listed in pages by id: on PostgreSQL a write that inserts into
-- such a table locks its row here first and holds it until it commits, so that ids are taken in
-- the order their rows commit and a page read after id n can never miss a lower id committed later.
CREATE TABLE broker_insert_order (
  table_name VARCHAR(100) NOT NULL PRIMARY KEY
);
INSERT INTO broker_insert_order (table_name) VALUES
  ('broker_provider'), ('broker_service'), ('broker_endpoint'), ('broker_offer');
