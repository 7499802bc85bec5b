-- dtp job store: selective transfers. The part of the source a job copies (a JSON Selection, sealed with the job's
-- data key like its settings, since container names are the user's data; left plain when the job ends, as its
-- settings are; NULL: everything), and per container the items its date range left out.
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS selection VARCHAR(1000000);
ALTER TABLE dtp_container_progress ADD COLUMN IF NOT EXISTS not_selected BIGINT DEFAULT 0 NOT NULL;
