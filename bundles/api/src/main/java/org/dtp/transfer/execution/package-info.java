/**
 * The contract between the engine and the scheduler that runs its jobs: the engine asks a
 * {@link org.dtp.transfer.execution.JobDispatcher} to run a job; the dispatcher runs it on a worker
 * through {@link org.dtp.transfer.execution.JobExecutor}. 1.1: a job can be dispatched to start later. 1.2: syncs' schedules ({@link org.dtp.transfer.execution.SyncScheduler}) start their runs ({@link org.dtp.transfer.execution.SyncRunner}).
 */
@Export
@Version("1.2.0")
package org.dtp.transfer.execution;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
