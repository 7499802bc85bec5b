package org.dtp.models.tasks;

/** The state of a task (RFC 5545 STATUS for VTODO). */
public enum TaskStatus {
    NEEDS_ACTION,
    IN_PROCESS,
    COMPLETED,
    CANCELLED
}
