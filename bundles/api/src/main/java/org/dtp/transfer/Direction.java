package org.dtp.transfer;

/** Whether an adapter reads from its provider (export) or writes to it (import). */
public enum Direction {
    EXPORT,
    IMPORT
}
