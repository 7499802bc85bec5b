package org.dtp.transfer.sync;

/** Whether a sync's schedule starts runs. */
public enum SyncState {
    /** Its schedule starts a run at each time it names. */
    ACTIVE,
    /** No run starts until it is resumed; a run that was going on goes on. */
    PAUSED
}
