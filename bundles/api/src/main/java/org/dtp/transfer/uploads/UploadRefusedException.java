package org.dtp.transfer.uploads;

/** An upload the server does not keep, and why; nothing of it stays on the server. */
public class UploadRefusedException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why an upload is refused. */
    public enum Reason {
        /** The name is not one the server takes (empty, a path, not an archive it can read). */
        BAD_NAME,
        /** Larger than the operator's limit for one upload. */
        TOO_LARGE,
        /** The owner's uploads would exceed the operator's limit of files or bytes per owner. */
        OWNER_LIMIT,
        /** The server's disk has not the room. */
        NO_SPACE,
        /** The upload ended before its declared length, or was empty. */
        INCOMPLETE
    }

    private final Reason reason;

    public UploadRefusedException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
