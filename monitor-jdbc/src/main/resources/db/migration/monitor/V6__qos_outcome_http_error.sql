-- Outcome.HTTP_ERROR, appended to the enum: its code is its ordinal.
INSERT INTO qos_outcome (code, name) VALUES (5, 'HTTP_ERROR');
