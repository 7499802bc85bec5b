/**
 * Scheduled syncs: a transfer request kept with a schedule (every N hours, or a cron expression); each run is a
 * transfer of its own ({@link org.dtp.transfer.TransferJob#syncId()} names the sync). Its secret settings are kept
 * sealed between runs and never shown. Implemented by the engine; used, not implemented, by other bundles.
 */
@Export
@Version("1.0.0")
package org.dtp.transfer.sync;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
