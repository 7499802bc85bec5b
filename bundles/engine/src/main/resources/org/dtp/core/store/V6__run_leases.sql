-- dtp job store, schema version 6: the lease of the node that runs a job. A node takes it with a new epoch, renews
-- it while it runs and writes progress only while the epoch is still its own, so a node that was only slow (and
-- was taken for dead by Quartz) cannot run a job at the same time as the node that took it over.
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS run_epoch BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS run_node VARCHAR(200);
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS run_lease_until BIGINT DEFAULT 0 NOT NULL;
