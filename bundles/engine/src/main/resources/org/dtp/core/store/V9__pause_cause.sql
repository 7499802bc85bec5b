-- Why a paused job waits, as data: the cause (ADAPTER_MISSING, DESTINATION_FULL), the provider whose adapter is
-- missing, and when a full destination is tried again (epoch millis). Set with the PAUSED transition and cleared by
-- every other; the engine queries them instead of reading the state reason.
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS pause_cause VARCHAR(24);
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS pause_adapter VARCHAR(200);
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS pause_until BIGINT;
-- Jobs paused before this version carry their cause in the reason only: recognised here once, by the reason's
-- fixed opening. Their adapter stays unnamed (the job's endpoints name it), and a full destination tries again at
-- once after the upgrade: if it is still full, the job pauses again with a time.
UPDATE dtp_job SET pause_cause = 'ADAPTER_MISSING' WHERE state = 'PAUSED' AND state_reason LIKE 'waiting for adapter %';
UPDATE dtp_job SET pause_cause = 'DESTINATION_FULL' WHERE state = 'PAUSED' AND state_reason LIKE 'destination full: %';
