package org.dtp.models;

/** A JSON document that is not a valid canonical model of the expected schema and version. */
public class ModelFormatException extends RuntimeException {
    public ModelFormatException(String message) {
        super(message);
    }

    public ModelFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
